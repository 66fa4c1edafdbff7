import { userRoom } from 'contract/realtime';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { Realtime } from '../plugins/realtime.js';
import { countUnread } from './repository.js';

/**
 * Sends each user's unread count to all their sockets (the `notifications` event), on every instance
 * through the realtime adapter. Call after the change committed; answers the counts by user.
 */
export async function announceUnread(
  app: { db: Kysely<Database>; realtime: Realtime },
  userIds: Iterable<number>,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const userId of new Set(userIds)) {
    const unread = await countUnread(app.db, userId);
    counts.set(userId, unread);
    app.realtime.io.to(userRoom(userId)).emit('notifications', { unread });
  }
  return counts;
}
