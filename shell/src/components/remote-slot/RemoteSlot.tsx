import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Spinner } from 'shared-ui';
import { RemoteMissingError } from '../../federation/load-remote';
import type { RemoteDefinition } from '../../remotes/remote-definition';
import { RemoteError } from './RemoteError';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType }
  | { status: 'missing' }
  | { status: 'error' };

interface RemoteSlotProps {
  remote: RemoteDefinition;
  /** Rendered instead of the error area when the remote is not deployed (absent from /remotes.json). */
  whenMissing?: ReactNode;
}

/**
 * Loads a remote's App and renders it. Any failure (not listed, manifest or chunk not loading, a
 * crash while rendering) stays inside this area, with 'Повторить'.
 */
export function RemoteSlot({ remote, whenMissing }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    remote.load({ refresh: attempt > 0 }).then(
      (Component) => active && setState({ status: 'ready', Component }),
      (error: unknown) => {
        if (!active) return;
        if (!(error instanceof RemoteMissingError))
          console.error(`[shell] ${remote.name} failed to load`, error);
        setState({ status: error instanceof RemoteMissingError ? 'missing' : 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [remote, attempt]);

  const retry = () => setAttempt((value) => value + 1);
  const errorArea = <RemoteError title={remote.title} onRetry={retry} />;

  switch (state.status) {
    case 'loading':
      return attempt > 0 ? <RemoteError title={remote.title} onRetry={retry} retrying /> : <Spinner />;
    case 'missing':
      return whenMissing ?? errorArea;
    case 'error':
      return errorArea;
    case 'ready': {
      const { Component } = state;
      return (
        <RemoteErrorBoundary key={attempt} fallback={errorArea}>
          <Suspense fallback={<Spinner />}>
            <Component />
          </Suspense>
        </RemoteErrorBoundary>
      );
    }
  }
}
