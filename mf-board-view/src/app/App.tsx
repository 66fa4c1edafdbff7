import { useEffect } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { paths } from 'shared-ui';
import { PublicBoardProvider } from '../shared/public-board';
import { BoardScreen } from './BoardScreen';

function BoardRoute() {
  const { boardId = '' } = useParams();
  // One screen per board: moving to another board starts from a fresh store.
  return <BoardScreen key={boardId} boardId={boardId} />;
}

/** Keeps search engines off the page while it is shown (the server says so too, in X-Robots-Tag). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/**
 * /p/:token (and /task/:taskNumber): the board behind a public link, read-only, for anyone, signed in
 * or not (shared/public-board.tsx). The token is the store's key.
 */
function PublicBoardRoute() {
  const { token = '' } = useParams();
  useNoIndex();
  return (
    <PublicBoardProvider token={token}>
      <BoardScreen key={token} boardId={token} />
    </PublicBoardProvider>
  );
}

/**
 * Absolute paths from shared-ui: the shell mounts this outside any <Route>. Both routes of a board
 * render the same element type at the same place, so the board stays mounted while a task opens and
 * closes.
 */
export function App() {
  return (
    <Routes>
      <Route path={paths.board.pattern} element={<BoardRoute />} />
      <Route path={paths.boardTask.pattern} element={<BoardRoute />} />
      <Route path={paths.publicBoard.pattern} element={<PublicBoardRoute />} />
      <Route path={paths.publicTask.pattern} element={<PublicBoardRoute />} />
      <Route path="*" element={<Navigate to={paths.home.href()} replace />} />
    </Routes>
  );
}
