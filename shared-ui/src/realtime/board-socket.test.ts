import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../test/socket';
import type { SubscribeResult } from './board-socket';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
const failures = vi.hoisted(() => ({ left: 0 }));
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../test/socket');
  return {
    io: vi.fn((options: unknown) => {
      if (failures.left > 0) {
        failures.left -= 1;
        throw new TypeError('Failed to fetch dynamically imported module');
      }
      const socket = new FakeSocket();
      sockets.push(Object.assign(socket, { options }));
      return socket;
    }),
  };
});

const { CONNECTION_CHECK_MS, SOCKET_OPTIONS, watchBoard } = await import('./board-socket');

/** The acknowledgement callback of the last `subscribe` the socket sent. */
const lastAck = (socket: FakeSocket) =>
  socket.emit.mock.calls.at(-1)?.[2] as (result: SubscribeResult) => void;

describe('watchBoard', () => {
  afterEach(() => {
    sockets.length = 0;
  });

  it('loads the realtime client on first use and subscribes to the board on connect', async () => {
    const onChange = vi.fn();
    const stop = watchBoard(7, { onChange });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeSocket & { options: object };
    expect(socket.options).toMatchObject(SOCKET_OPTIONS);

    socket.fire('connect');
    expect(socket.emit).toHaveBeenCalledWith('subscribe', 7, expect.any(Function));
    socket.fire('update', { boardId: 7, version: 3 });
    socket.fire('update', { boardId: 8, version: 1 });
    expect(onChange).toHaveBeenCalledTimes(1);

    stop();
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it('is live while a subscription stands and re-fetches after a reconnect or a stale version', async () => {
    const onChange = vi.fn();
    const onLive = vi.fn();
    const stop = watchBoard(7, { onChange, onLive, currentVersion: () => 5 });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeSocket;

    socket.fire('connect');
    lastAck(socket)({ ok: true, boardId: 7, version: 5 });
    expect(onLive.mock.calls).toEqual([[true]]);
    expect(onChange).not.toHaveBeenCalled();

    socket.fire('disconnect');
    expect(onLive.mock.calls).toEqual([[true], [false]]);
    socket.fire('connect');
    lastAck(socket)({ ok: true, boardId: 7, version: 5 });
    expect(onLive.mock.calls).toEqual([[true], [false], [true]]);
    expect(onChange).toHaveBeenCalledWith(null);

    stop();
    expect(onLive.mock.calls.at(-1)).toEqual([false]);
  });

  it('re-fetches when the server holds a newer version than the one shown', async () => {
    const onChange = vi.fn();
    const stop = watchBoard(7, { onChange, currentVersion: () => 5 });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeSocket;
    socket.fire('connect');
    lastAck(socket)({ ok: true, boardId: 7, version: 6 });
    expect(onChange).toHaveBeenCalledWith(null);
    stop();
  });

  it('judges a subscription made before the first load once that load is shown: one fetch, not two', async () => {
    const onChange = vi.fn();
    let shown: number | null = null;
    const stop = watchBoard(7, { onChange, currentVersion: () => shown });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeSocket;
    socket.fire('connect');
    lastAck(socket)({ ok: true, boardId: 7, version: 6 });
    // The first load is still on its way: no second fetch is asked for.
    expect(onChange).not.toHaveBeenCalled();
    shown = 6;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(onChange).not.toHaveBeenCalled();
    stop();

    // A first load older than the subscription's version is fetched again once shown.
    const again = vi.fn();
    let older: number | null = null;
    const stopAgain = watchBoard(8, { onChange: again, currentVersion: () => older });
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    const second = sockets[1] as FakeSocket;
    second.fire('connect');
    lastAck(second)({ ok: true, boardId: 8, version: 9 });
    older = 8;
    await vi.waitFor(() => expect(again).toHaveBeenCalledWith(null));
    stopAgain();
  });

  it("watches a public link's board by its token, without a token of its own, until the link is gone", async () => {
    localStorage.removeItem('token');
    const onChange = vi.fn();
    const onGone = vi.fn();
    const onLive = vi.fn();
    const stop = watchBoard({ publicToken: 'abc' }, { onChange, onGone, onLive, currentVersion: () => 3 });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeSocket & { options: { auth: (cb: (data: object) => void) => void } };
    // A visitor who is not signed in connects with no token: the server lets it subscribe by the link.
    const auth = vi.fn();
    socket.options.auth(auth);
    expect(auth).toHaveBeenCalledWith({ token: null });

    socket.fire('connect');
    expect(socket.emit).toHaveBeenCalledWith('subscribe', { publicToken: 'abc' }, expect.any(Function));
    lastAck(socket)({ ok: true, boardId: 7, version: 3 });
    expect(onLive.mock.calls).toEqual([[true]]);
    socket.fire('update', { boardId: 7, version: 4 });
    socket.fire('update', { boardId: 8, version: 1 });
    expect(onChange.mock.calls).toEqual([[{ boardId: 7, version: 4 }]]);

    // The link was replaced: the server says so once and sends nothing more.
    socket.fire('subscribe_error', { ok: false, boardId: 7, status: 404, message: 'Ссылка не действует' });
    expect(onGone).toHaveBeenCalledTimes(1);
    expect(onLive.mock.calls).toEqual([[true], [false]]);

    stop();
    expect(socket.emit).toHaveBeenCalledWith('unsubscribe', 7);
  });

  it('closes a socket that arrives after the watch was stopped', async () => {
    const stop = watchBoard(7, { onChange: vi.fn() });
    stop();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    await vi.waitFor(() => expect(sockets[0]?.disconnect).toHaveBeenCalled());
    expect(sockets[0]?.listeners.get('connect') ?? []).toHaveLength(0);
  });

  it('tries again when the realtime client cannot be loaded (offline)', async () => {
    vi.useFakeTimers();
    try {
      failures.left = 2;
      const stop = watchBoard(7, { onChange: vi.fn() });
      await vi.advanceTimersByTimeAsync(0);
      expect(sockets).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(CONNECTION_CHECK_MS * 2);
      expect(sockets).toHaveLength(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
