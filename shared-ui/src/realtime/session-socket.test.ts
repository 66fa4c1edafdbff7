import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../test/socket';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../test/socket');
  return {
    io: vi.fn(() => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    }),
  };
});

const { acquireSessionSocket, CONNECTION_CHECK_MS } = await import('./session-socket');
const { watchBoard } = await import('./board-socket');
const { watchNotifications } = await import('./notifications');

const only = async () => {
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  return sockets[0] as FakeSocket;
};

describe('the session socket', () => {
  afterEach(() => {
    sockets.length = 0;
  });

  it('is one connection for the bell and the board, closed when the last holder lets go', async () => {
    const onUnread = vi.fn();
    const stopBell = watchNotifications(onUnread);
    const socket = await only();
    socket.fire('connect');
    // The first connect may follow events missed before the user's room was joined: re-read.
    expect(onUnread).toHaveBeenLastCalledWith(null);

    const onChange = vi.fn();
    const onLive = vi.fn();
    const stopBoard = watchBoard(7, { onChange, onLive, currentVersion: () => 3 });
    // Already connected: the board subscribes at once, on the same socket.
    expect(socket.emit).toHaveBeenCalledWith('subscribe', 7, expect.any(Function));
    expect(sockets).toHaveLength(1);
    const ack = socket.emit.mock.calls.at(-1)?.[2] as (result: object) => void;
    ack({ ok: true, boardId: 7, version: 3 });
    expect(onLive).toHaveBeenLastCalledWith(true);
    expect(onChange).not.toHaveBeenCalled();

    socket.fire('notifications', { unread: 4 });
    expect(onUnread).toHaveBeenLastCalledWith({ unread: 4 });
    socket.fire('update', { boardId: 7, version: 4 });
    expect(onChange).toHaveBeenCalledWith({ boardId: 7, version: 4 });

    // Leaving the board unsubscribes and keeps the bell's connection.
    stopBoard();
    expect(socket.emit).toHaveBeenLastCalledWith('unsubscribe', 7);
    expect(socket.disconnect).not.toHaveBeenCalled();
    expect(onLive).toHaveBeenLastCalledWith(false);
    expect(socket.count('update')).toBe(0);
    expect(socket.count('subscribe_error')).toBe(0);

    // A reconnect makes the bell re-read.
    onUnread.mockClear();
    socket.fire('disconnect');
    socket.fire('connect');
    expect(onUnread).toHaveBeenCalledWith(null);

    // A listener joining a socket another holder already connected re-reads at once: what came
    // before it listened is not lost (the bell settling after the board list opened the socket).
    const late = vi.fn();
    const stopLate = watchNotifications(late);
    expect(late).toHaveBeenCalledWith(null);
    stopLate();

    stopBell();
    expect(socket.disconnect).toHaveBeenCalledOnce();
    expect(socket.count('notifications')).toBe(0);
  });

  it('opens a new connection after the last one was closed, and never hands out a released one', async () => {
    const first = vi.fn();
    const release = acquireSessionSocket(first);
    release();
    await vi.waitFor(() => expect(sockets[0]?.disconnect).toHaveBeenCalled());
    expect(first).not.toHaveBeenCalled();

    const second = vi.fn();
    const releaseSecond = acquireSessionSocket(second);
    await vi.waitFor(() => expect(second).toHaveBeenCalledWith(sockets[1]));
    releaseSecond();
    releaseSecond();
    expect(sockets[1]?.disconnect).toHaveBeenCalledOnce();
  });

  it('reopens a connection the server closed', async () => {
    vi.useFakeTimers();
    try {
      const release = acquireSessionSocket(() => {});
      await vi.advanceTimersByTimeAsync(0);
      const socket = sockets[0] as FakeSocket;
      socket.active = false;
      await vi.advanceTimersByTimeAsync(CONNECTION_CHECK_MS);
      expect(socket.connect).toHaveBeenCalled();
      release();
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts a fresh connection when the browser comes back online, unless it is connected', async () => {
    const release = acquireSessionSocket(() => {});
    const socket = await only();
    window.dispatchEvent(new Event('online'));
    expect(socket.disconnect).toHaveBeenCalledOnce();
    expect(socket.connect).toHaveBeenCalledOnce();

    socket.fire('connect');
    window.dispatchEvent(new Event('online'));
    expect(socket.connect).toHaveBeenCalledOnce();

    // Released, the socket no longer listens.
    release();
    socket.disconnect.mockClear();
    window.dispatchEvent(new Event('online'));
    expect(socket.disconnect).not.toHaveBeenCalled();
  });

  it("ignores another board's refusal", async () => {
    const onForbidden = vi.fn();
    const onLive = vi.fn();
    const stop = watchBoard(7, { onChange: vi.fn(), onForbidden, onLive });
    const socket = await only();
    socket.fire('connect');
    socket.fire('subscribe_error', { ok: false, boardId: 8, status: 403 });
    expect(onForbidden).not.toHaveBeenCalled();
    socket.fire('subscribe_error', { ok: false, boardId: 7, status: 403 });
    expect(onForbidden).toHaveBeenCalledOnce();
    stop();
  });
});
