import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { paths } from 'shared-ui';
import { BoardScreen } from './BoardScreen';

function BoardRoute() {
  const { boardId = '' } = useParams();
  // One screen per board: moving to another board starts from a fresh store.
  return <BoardScreen key={boardId} boardId={boardId} />;
}

/**
 * Absolute paths from shared-ui: the shell mounts this outside any <Route>. Both routes render the same
 * element type at the same place, so the board stays mounted while a task opens and closes.
 */
export function App() {
  return (
    <Routes>
      <Route path={paths.board.pattern} element={<BoardRoute />} />
      <Route path={paths.boardTask.pattern} element={<BoardRoute />} />
      <Route path="*" element={<Navigate to={paths.home.href()} replace />} />
    </Routes>
  );
}
