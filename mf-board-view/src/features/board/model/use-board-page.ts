import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths, useHeaderStore, useModalStore } from 'shared-ui';
import { useBoardState } from '../../../shared/board-context';

export const DEFAULT_TITLE = 'Канбан';

/**
 * What the board page does to the page around it: the document title is the board name, the header's
 * avatar toggles `assignee=me` while the board is open, a 403 (no access, or removed meanwhile) goes
 * to '/', and the current modal is closed when the board is left.
 */
export function useBoardPage() {
  const name = useBoardState((state) => state.board?.name);
  const httpStatus = useBoardState((state) => state.httpStatus);
  const navigate = useNavigate();

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
    const header = useHeaderStore.getState();
    header.setUserFilterEnabled(true);
    return () => {
      useHeaderStore.getState().setUserFilterEnabled(false);
      useModalStore.getState().close();
    };
  }, []);
}
