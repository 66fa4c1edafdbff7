import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { TOKEN_KEY } from '../api/token';
import { MODAL_ROOT_ID } from '../components/modal/modal-root';
import { type AuthState, useAuthStore } from '../stores/auth-store';
import { useHeaderStore } from '../stores/header-store';
import { useModalStore } from '../stores/modal-store';
import { clearRequests, fakeFetch, fetchMock } from './fetch';
import { FakeXhr } from './xhr';

/** `location.assign` while `setUpFrontEndTests({ pathname })` stands in for the page's location. */
export const assign = vi.fn();

/**
 * In the enclosing suite (or file), fetch and XMLHttpRequest are fakes for each test: fetch answers
 * through `fetchMock`, uploads are `FakeXhr`s, and both are logged for `calls()`.
 */
export function fakeNetwork() {
  beforeEach(installNetwork);
  afterEach(removeNetwork);
}

function installNetwork() {
  clearRequests();
  FakeXhr.reset();
  vi.stubGlobal('fetch', fakeFetch);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

function removeNetwork() {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
}

export interface FrontEndTestOptions {
  /** `location.pathname` during a test, with `location.assign` recorded by `assign`; untouched when absent. */
  pathname?: string;
  /** Mount shared-ui's modal root (`#modal-root`) for each test. */
  modalRoot?: boolean;
}

/**
 * What every front end's tests share: the fake network, an optional stand-in location and modal
 * root, and after each test an unmounted page, empty localStorage and the shared stores as they
 * started.
 */
export function setUpFrontEndTests({ pathname, modalRoot = false }: FrontEndTestOptions = {}) {
  const initialAuth = useAuthStore.getState();
  const initialHeader = useHeaderStore.getState();

  beforeEach(() => {
    installNetwork();
    if (pathname !== undefined) vi.stubGlobal('location', { ...window.location, pathname, assign });
    if (modalRoot) {
      const root = document.createElement('div');
      root.id = MODAL_ROOT_ID;
      document.body.append(root);
    }
  });

  afterEach(() => {
    cleanup();
    removeNetwork();
    assign.mockReset();
    localStorage.clear();
    document.getElementById(MODAL_ROOT_ID)?.remove();
    useAuthStore.setState(initialAuth, true);
    useHeaderStore.setState(initialHeader, true);
    useModalStore.getState().close();
  });
}

/** A stored token, as after login, and the auth store holding it with the rest of `state`. */
export function storeSession(
  token: string,
  state: Partial<Pick<AuthState, 'userId' | 'user' | 'userStatus'>>,
) {
  localStorage.setItem(TOKEN_KEY, token);
  useAuthStore.setState({ token, ...state });
}
