/**
 * Who is on a board now, across every API instance, never written to PostgreSQL. A member's socket
 * subscribed to a board is present; its page reports the task open in its modal (`presence`). Each
 * socket's entry lives in Redis (a hash per board, the socket's id -> user, task and the time it was
 * last confirmed) or, without Redis, in this instance's memory. Every BEAT_MS each instance confirms
 * its own sockets' entries and re-reads the boards it serves; an entry not confirmed for TTL_MS (its
 * instance died) is dropped, and a change in the list goes to the board's room as `presence`.
 * A closed tab leaves at once; a lost connection leaves when Socket.IO's heartbeat gives up
 * (plugins/realtime.ts: within 9 s).
 */
import { boardIdOfRoom, boardRoom, type PresenceState, type PresentUser } from 'contract/realtime';
import fp from 'fastify-plugin';

export const BEAT_MS = 2000;
export const TTL_MS = 7000;

interface Entry {
  userId: number;
  taskId: string | null;
  at: number;
}

/** Where the entries live: Redis when the instances share it, else this instance. */
interface PresenceStore {
  set(boardId: number, socketId: string, entry: Entry): Promise<void>;
  remove(boardId: number, socketId: string): Promise<void>;
  /** Every entry confirmed within TTL_MS; older ones are deleted. */
  list(boardId: number, now: number): Promise<Entry[]>;
}

function memoryStore(): PresenceStore {
  const boards = new Map<number, Map<string, Entry>>();
  return {
    async set(boardId, socketId, entry) {
      const board = boards.get(boardId) ?? new Map<string, Entry>();
      board.set(socketId, entry);
      boards.set(boardId, board);
    },
    async remove(boardId, socketId) {
      boards.get(boardId)?.delete(socketId);
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
          async set(boardId, socketId, entry) {
            await redis
              .multi()
              .hset(key(boardId), socketId, JSON.stringify(entry))
              .pexpire(key(boardId), 10 * TTL_MS)
              .exec();
          },
          async remove(boardId, socketId) {
            await redis.hdel(key(boardId), socketId);
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

    /** The open task of each of this instance's present sockets. */
    const local = new Map<string, { boardId: number; userId: number; taskId: string | null }>();
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

    async function place(socketId: string): Promise<void> {
      const entry = local.get(socketId);
      if (!entry) return;
      await store.set(entry.boardId, socketId, {
        userId: entry.userId,
        taskId: entry.taskId,
        at: Date.now(),
      });
      // Someone new: everyone (the newcomer too) hears the whole list.
      await tell(entry.boardId, true);
    }

    const adapter = io.of('/').adapter;
    adapter.on('join-room', (room: string, socketId: string) => {
      const boardId = boardIdOfRoom(room);
      const user = io.of('/').sockets.get(socketId)?.data.user;
      if (boardId === null || !user) return;
      local.set(socketId, { boardId, userId: user.id, taskId: null });
      place(socketId).catch(failed);
    });
    adapter.on('leave-room', (room: string, socketId: string) => {
      const boardId = boardIdOfRoom(room);
      if (boardId === null || local.get(socketId)?.boardId !== boardId) return;
      local.delete(socketId);
      store
        .remove(boardId, socketId)
        .then(() => tell(boardId))
        .catch(failed);
    });

    io.on('connection', (socket) => {
      socket.on('presence', (report) => {
        const entry = local.get(socket.id);
        if (!entry || typeof report !== 'object' || report === null || report.boardId !== entry.boardId)
          return;
        const taskId =
          typeof report.taskId === 'string' && TASK_ID.test(report.taskId) ? report.taskId : null;
        if (taskId === entry.taskId) return;
        entry.taskId = taskId;
        place(socket.id).catch(failed);
      });
    });

    const beat = setInterval(() => {
      const now = Date.now();
      const boards = new Set<number>();
      const writes = [...local].map(([socketId, { boardId, userId, taskId }]) => {
        boards.add(boardId);
        return store.set(boardId, socketId, { userId, taskId, at: now });
      });
      Promise.all(writes)
        .then(() => Promise.all([...boards].map((boardId) => tell(boardId))))
        .catch(failed);
      for (const boardId of told.keys()) if (!boards.has(boardId)) told.delete(boardId);
    }, BEAT_MS);
    beat.unref();
    app.addHook('preClose', async () => clearInterval(beat));
  },
  { name: 'presence', dependencies: ['realtime', 'redis', 'config'] },
);
