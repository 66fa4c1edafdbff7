import type { Board } from 'contract';
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { BoardState, BoardStore } from './board-store';

const BoardStoreContext = createContext<BoardStore | null>(null);

export function BoardStoreProvider({ store, children }: { store: BoardStore; children: ReactNode }) {
  return <BoardStoreContext.Provider value={store}>{children}</BoardStoreContext.Provider>;
}

/** The current board's store (for actions and reads outside render). */
export function useBoardStoreApi(): BoardStore {
  const store = useContext(BoardStoreContext);
  if (!store) throw new Error('useBoardStoreApi: no BoardStoreProvider above');
  return store;
}

/** Subscribes to a slice of the current board's state. */
export function useBoardState<T>(selector: (state: BoardState) => T): T {
  return useStore(useBoardStoreApi(), selector);
}

/** The board on screen. Components under the loaded board only: throws while it is not there. */
export function useBoard(): Board {
  const board = useBoardState((state) => state.board);
  if (!board) throw new Error('useBoard: the board is not loaded');
  return board;
}

/**
 * Call after a successful mutation: resolves once the board shows the change. The change arrives as
 * its realtime echo while the socket is live (re-fetched if the echo is late), and is re-fetched
 * otherwise (the store's `catchUp`).
 */
export function useReload(): () => Promise<void> {
  return useBoardState((state) => state.catchUp);
}
