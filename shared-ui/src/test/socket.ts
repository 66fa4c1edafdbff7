import { vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

/**
 * Stands in for a socket.io-client socket (shared-ui's realtime tests mock `io` to return one): the
 * test fires server events and reads what was emitted. Firing `connect` or `disconnect` sets
 * `connected`, and `disconnect()` closes it, as socket.io does.
 */
export class FakeSocket {
  listeners = new Map<string, Listener[]>();
  connected = false;
  active = true;
  disconnect = vi.fn(() => {
    this.connected = false;
    this.active = false;
  });
  connect = vi.fn();
  emit = vi.fn();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  off(event: string, listener: Listener) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((item) => item !== listener),
    );
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** How many listeners `event` has. */
  count(event: string) {
    return this.listeners.get(event)?.length ?? 0;
  }
}
