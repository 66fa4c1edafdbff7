import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths, useHeaderStore, useModalStore } from 'shared-ui';
import { useBoardState } from '../../../shared/board-context';
import { usePublicToken } from '../../../shared/public-board';

export const DEFAULT_TITLE = 'Канбан';

/**
 * What the board page does to the page around it: the document title is the board name, the header's
 * avatar toggles `assignee=me` while the board is open, a 403 (no access, or removed meanwhile) goes
 * to '/', and the current modal is closed when the board is left. A public link's page has no
 * 'my tasks' avatar toggle: its reader is nobody on the board.
 */
export function useBoardPage() {
  const name = useBoardState((state) => state.board?.name);
  const httpStatus = useBoardState((state) => state.httpStatus);
  const navigate = useNavigate();
  const reader = usePublicToken() !== null;

  useEffect(() => {
    document.title = name || DEFAULT_TITLE;
  }, [name]);

  useEffect(
    () => () => {
      document.title = DEFAULT_TITLE;
    },
    [],
  );

  useEffect(() => {
    if (httpStatus === 403) navigate(paths.home.href(), { replace: true });
  }, [httpStatus, navigate]);

  useEffect(() => {
    useHeaderStore.getState().setUserFilterEnabled(!reader);
    return () => {
      useHeaderStore.getState().setUserFilterEnabled(false);
      useModalStore.getState().close();
    };
  }, [reader]);
}
