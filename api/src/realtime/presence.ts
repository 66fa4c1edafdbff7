/**
 * Who is on a board now, across every API instance, never written to PostgreSQL. A member's socket
 * subscribed to a board is present; its page reports the task open in its modal (`presence`), and
 * says it again every few seconds while it is there (shared-ui `watchPresence`). Each socket's entry
 * lives in Redis (a hash per board, the socket's id -> user, task and the time it was last confirmed)
 * or, without Redis, in this instance's memory. Every BEAT_MS each instance confirms its own sockets'
 * entries and re-reads the boards it serves; an entry not confirmed for TTL_MS (its instance died) is
 * dropped, and a change in the list goes to the board's room as `presence`.
 * A closed tab leaves at once (its socket closes). A page that has reported and then falls silent
 * for TTL_MS (its network went) is taken off, without waiting for Socket.IO's heartbeat (45 s), and
 * is back with its next report; a client that never reports is there until its socket closes.
 */
import { boardIdOfRoom, boardRoom, type PresenceState, type PresentUser } from 'contract/realtime';
import fp from 'fastify-plugin';

export const BEAT_MS = 1500;
export const TTL_MS = 6000;
/** How long changes gather before a board's list is told. */
const TELL_AFTER_MS = 100;

interface Entry {
  userId: number;
  taskId: string | null;
  at: number;
}

/** Where the entries live: Redis when the instances share it, else this instance. */
interface PresenceStore {
  /** Writes the board's entries (socket id -> entry) in one go. */
  set(boardId: number, entries: Map<string, Entry>): Promise<void>;
  remove(boardId: number, socketIds: string[]): Promise<void>;
  /** Every entry confirmed within TTL_MS; older ones are deleted. */
  list(boardId: number, now: number): Promise<Entry[]>;
}

function memoryStore(): PresenceStore {
  const boards = new Map<number, Map<string, Entry>>();
  return {
    async set(boardId, entries) {
      const board = boards.get(boardId) ?? new Map<string, Entry>();
      for (const [socketId, entry] of entries) board.set(socketId, entry);
      boards.set(boardId, board);
    },
    async remove(boardId, socketIds) {
      for (const socketId of socketIds) boards.get(boardId)?.delete(socketId);
      if (boards.get(boardId)?.size === 0) boards.delete(boardId);
    },
    async list(boardId, now) {
      const board = boards.get(boardId);
      if (!board) return [];
      for (const [id, entry] of board) if (now - entry.at > TTL_MS) board.delete(id);
      return [...board.values()];
    },
  };
}

/** The users on the board, one entry per user and open task, in a stable order. */
function usersOf(entries: Entry[]): PresentUser[] {
  const seen = new Map<string, PresentUser>();
  for (const { userId, taskId } of entries) {
    seen.set(`${userId}:${taskId ?? ''}`, { userId, ...(taskId !== null && { taskId }) });
  }
  return [...seen.values()].sort(
    (a, b) => a.userId - b.userId || (a.taskId ?? '').localeCompare(b.taskId ?? ''),
  );
}

const TASK_ID = /^[1-9][0-9]{0,9}$/;

export default fp(
  async (app) => {
    const { io } = app.realtime;
    const redis = app.redis;
    const key = (boardId: number) => `${app.config.redisPrefix}presence:${boardId}`;
    const store: PresenceStore = redis
      ? {
          async set(boardId, entries) {
            if (entries.size === 0) return;
            const fields = Object.fromEntries([...entries].map(([id, entry]) => [id, JSON.stringify(entry)]));
            await redis
              .multi()
              .hset(key(boardId), fields)
              .pexpire(key(boardId), 10 * TTL_MS)
              .exec();
          },
          async remove(boardId, socketIds) {
            if (socketIds.length > 0) await redis.hdel(key(boardId), ...socketIds);
          },
          async list(boardId, now) {
            const all = await redis.hgetall(key(boardId));
            const entries: Entry[] = [];
            const stale: string[] = [];
            for (const [id, text] of Object.entries(all)) {
              const entry = JSON.parse(text) as Entry;
              if (now - entry.at > TTL_MS) stale.push(id);
              else entries.push(entry);
            }
            if (stale.length > 0) await redis.hdel(key(boardId), ...stale);
            return entries;
          },
        }
      : memoryStore();

    /**
     * The open task of each of this instance's subscribed sockets, when it last reported (null: never),
     * and whether it is off the list for having fallen silent.
     */
    const local = new Map<
      string,
      { boardId: number; userId: number; taskId: string | null; heard: number | null; silent: boolean }
    >();
    /** What this instance last told each board, to tell only changes. */
    const told = new Map<number, string>();

    const failed = (err: unknown) => app.log.warn({ err }, 'presence not updated');

    async function tell(boardId: number, force = false): Promise<void> {
      const users = usersOf(await store.list(boardId, Date.now()));
      const text = JSON.stringify(users);
      if (!force && told.get(boardId) === text) return;
      told.set(boardId, text);
      const state: PresenceState = { boardId, users };
      io.to(boardRoom(boardId)).emit('presence', state);
    }

    /**
     * Boards whose list is told soon (true: to everyone even if unchanged, as a newcomer needs it):
     * a burst of joins (a thousand sockets reconnecting after a restart) is one read and one emit
     * per board, not one per socket.
     */
    const due = new Map<number, boolean>();
    let dueTimer: ReturnType<typeof setTimeout> | undefined;
    function tellSoon(boardId: number, force: boolean): void {
      due.set(boardId, force || (due.get(boardId) ?? false));
      dueTimer ??= setTimeout(() => {
        dueTimer = undefined;
        const boards = [...due];
        due.clear();
        Promise.all(boards.map(([id, all]) => tell(id, all))).catch(failed);
      }, TELL_AFTER_MS);
    }

    async function place(socketId: string): Promise<void> {
      const entry = local.get(socketId);
      if (!entry) return;
      const { boardId, userId, taskId } = entry;
      await store.set(boardId, new Map([[socketId, { userId, taskId, at: Date.now() }]]));
      // Someone new or a task opened: everyone (the newcomer too) hears the whole list.
      tellSoon(boardId, true);
    }

    const adapter = io.of('/').adapter;
    adapter.on('join-room', (room: string, socketId: string) => {
      const boardId = boardIdOfRoom(room);
      const user = io.of('/').sockets.get(socketId)?.data.user;
      if (boardId === null || !user) return;
      local.set(socketId, { boardId, userId: user.id, taskId: null, heard: null, silent: false });
      place(socketId).catch(failed);
    });
    adapter.on('leave-room', (room: string, socketId: string) => {
      const boardId = boardIdOfRoom(room);
      if (boardId === null || local.get(socketId)?.boardId !== boardId) return;
      local.delete(socketId);
      store
        .remove(boardId, [socketId])
        .then(() => tellSoon(boardId, false))
        .catch(failed);
    });

    io.on('connection', (socket) => {
      socket.on('presence', (report) => {
        const entry = local.get(socket.id);
        if (!entry || typeof report !== 'object' || report === null || report.boardId !== entry.boardId)
          return;
        const taskId =
          typeof report.taskId === 'string' && TASK_ID.test(report.taskId) ? report.taskId : null;
        entry.heard = Date.now();
        if (taskId === entry.taskId && !entry.silent) return;
        entry.taskId = taskId;
        entry.silent = false;
        place(socket.id).catch(failed);
      });
    });

    // Each board's own entries confirmed (the silent ones taken off) in one write, then re-read.
    const beat = setInterval(() => {
      const now = Date.now();
      const boards = new Map<number, { confirmed: Map<string, Entry>; silent: string[] }>();
      for (const [socketId, entry] of local) {
        const board = boards.get(entry.boardId) ?? { confirmed: new Map<string, Entry>(), silent: [] };
        boards.set(entry.boardId, board);
        if (entry.heard !== null && now - entry.heard > TTL_MS) {
          entry.silent = true;
          board.silent.push(socketId);
        } else board.confirmed.set(socketId, { userId: entry.userId, taskId: entry.taskId, at: now });
      }
      Promise.all(
        [...boards].map(async ([boardId, { confirmed, silent }]) => {
          await store.set(boardId, confirmed);
          await store.remove(boardId, silent);
          await tell(boardId);
        }),
      ).catch(failed);
      for (const boardId of told.keys()) if (!boards.has(boardId)) told.delete(boardId);
    }, BEAT_MS);
    beat.unref();
    app.addHook('preClose', async () => {
      clearInterval(beat);
      clearTimeout(dueTimer);
    });
  },
  { name: 'presence', dependencies: ['realtime', 'redis', 'config'] },
);
