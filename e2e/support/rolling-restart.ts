// What a rolling restart is measured under: many board viewers on Socket.IO through the proxy, each
// behaving as the board screen does (subscribe on every connect; after a reconnect, fetch the board
// when the subscription says it moved on), and steady reads and edits from plain HTTP clients.
import { io, type Socket } from 'socket.io-client';
import type { BoardUpdate, SubscribeResult } from '../../contract/src/realtime';

export interface Viewer {
  socket: Socket;
  /** Board versions whose update event arrived. */
  seen: Set<number>;
  /** The newest version a catch-up fetch (after a reconnect) returned. */
  caughtUp: number;
  /** Disconnects since the counter was last reset. */
  disconnects: number;
}

export interface Tally {
  requests: number;
  failures: string[];
  /** Requests sent again because the proxy closed their idle keep-alive connection as they went out. */
  resent: number;
}

const authorization = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Whether a call failed because the other side closed a kept-alive connection before any answer:
 * nginx's old workers close their idle client connections on a reload, and a request sent at that
 * moment meets the close. The proxy never read it, so browsers (Chromium, for any method) and curl
 * send it again; so does this client, and counts it. Up to three times: the pool may hand out another
 * of that worker's connections, closed in the same moment (a browser's second try opens a new one).
 */
function closedBeforeAnswer(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code === 'UND_ERR_SOCKET' && cause.message === 'other side closed';
}

/** One HTTP call through the proxy, counted; any answer but 2xx, or no answer, is a failure. */
async function counted(tally: Tally, url: string, init: RequestInit = {}): Promise<Response | null> {
  tally.requests += 1;
  const send = (tries: number): Promise<Response> =>
    fetch(url, { ...init, signal: AbortSignal.timeout(15_000) }).catch((err) => {
      if (tries === 0 || !closedBeforeAnswer(err)) throw err;
      tally.resent += 1;
      return send(tries - 1);
    });
  try {
    const response = await send(3);
    if (!response.ok) tally.failures.push(`${init.method ?? 'GET'} ${url}: ${response.status}`);
    return response.ok ? response : null;
  } catch (err) {
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    tally.failures.push(
      `${init.method ?? 'GET'} ${url}: ${(err as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`,
    );
    return null;
  }
}

export async function boardVersion(tally: Tally, base: string, token: string, boardId: number) {
  const response = await counted(tally, `${base}/api/board/${boardId}`, { headers: authorization(token) });
  return response ? ((await response.json()) as { version: number }).version : null;
}

/** `count` viewers of the board, connected in batches; resolves once every one is subscribed. */
export async function connectViewers(
  base: string,
  token: string,
  boardId: number,
  count: number,
  tally: Tally,
): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  const batch = 100;
  for (let start = 0; start < count; start += batch) {
    const ready: Promise<void>[] = [];
    for (let i = start; i < Math.min(count, start + batch); i += 1) {
      // The shell's socket options (shared-ui/src/realtime/session-socket.ts).
      const socket = io(base, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: true,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 5000,
        randomizationFactor: 0.5,
        timeout: 20_000,
        auth: { token },
      });
      const viewer: Viewer = { socket, seen: new Set(), caughtUp: 0, disconnects: 0 };
      let connectedBefore = false;
      ready.push(
        new Promise((resolve) => {
          socket.on('connect', () => {
            const reconnected = connectedBefore;
            connectedBefore = true;
            socket.emit('subscribe', boardId, async (result: SubscribeResult) => {
              resolve();
              if (!result.ok || !reconnected) return;
              const newest = Math.max(0, ...viewer.seen, viewer.caughtUp);
              if ((result.version ?? 0) > newest) {
                const version = await boardVersion(tally, base, token, boardId);
                if (version !== null) viewer.caughtUp = Math.max(viewer.caughtUp, version);
              }
            });
          });
        }),
      );
      socket.on('disconnect', () => {
        viewer.disconnects += 1;
      });
      socket.on('update', (update: BoardUpdate) => {
        if (update.boardId === boardId) viewer.seen.add(update.version);
      });
      viewers.push(viewer);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const connected = viewers.filter((viewer) => viewer.socket.connected).length;
        reject(new Error(`only ${connected} of ${viewers.length} viewers connected in 30 s`));
      }, 30_000);
    });
    await Promise.race([Promise.all(ready), timeout]).finally(() => clearTimeout(timer));
  }
  return viewers;
}

/**
 * Reads (the board, the board list) and edits (a new card) through the proxy, unpinned, every
 * `everyMs`, until `stop()`; `edits` holds the board version each edit made.
 */
export function steadyLoad(base: string, token: string, boardId: number, columnId: string, everyMs = 50) {
  const tally: Tally = { requests: 0, failures: [], resent: 0 };
  const edits: number[] = [];
  const pending = new Set<Promise<unknown>>();
  let tick = 0;
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    work.finally(() => pending.delete(work));
  };
  const timer = setInterval(() => {
    tick += 1;
    track(counted(tally, `${base}/api/board/${boardId}`, { headers: authorization(token) }));
    if (tick % 2 === 0) track(counted(tally, `${base}/api/board`, { headers: authorization(token) }));
    if (tick % 4 === 0) {
      track(
        counted(tally, `${base}/api/task/create`, {
          method: 'POST',
          headers: { ...authorization(token), 'content-type': 'application/json' },
          body: JSON.stringify({ boardId, columnId, title: `Карточка ${tick}` }),
        }).then((response) => {
          const version = Number(response?.headers.get('x-board-version'));
          if (version) edits.push(version);
        }),
      );
    }
  }, everyMs);
  return {
    tally,
    edits,
    async stop() {
      clearInterval(timer);
      await Promise.all([...pending]);
    },
  };
}

/** Open sockets on one API instance, from its own /metrics. */
export async function socketsOn(instanceUrl: string, metricsToken: string): Promise<number> {
  const text = await (await fetch(`${instanceUrl}/metrics`, { headers: authorization(metricsToken) })).text();
  const line = text.split('\n').find((row) => row.startsWith('kanban_sockets_open '));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}
