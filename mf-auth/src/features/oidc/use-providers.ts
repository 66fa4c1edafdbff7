import type { AuthProvider } from 'contract';
import { useEffect, useState } from 'react';
import { listProviders } from './api/list-providers';

// Asked once per page load: /login and /register share the answer.
let request: Promise<AuthProvider[]> | null = null;

/** The sign-in providers besides the password (none until known, none when the call fails). */
export function useProviders(): AuthProvider[] {
  const [providers, setProviders] = useState<AuthProvider[]>([]);
  useEffect(() => {
    let live = true;
    request ??= listProviders().then(
      (list) => (Array.isArray(list) ? list : []),
      () => {
        request = null;
        return [];
      },
    );
    void request.then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

/** Forgets the answer (tests). */
export function forgetProviders() {
  request = null;
}
