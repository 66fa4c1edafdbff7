import { Link, useParams } from 'react-router-dom';
import { paths } from 'shared-ui';
import { StandalonePage } from 'shared-ui/standalone';

/** Standalone only (`pnpm --filter mf-boards dev`): a board link lands here; in the shell it opens mf-board-view. */
export function StandaloneBoard() {
  const { boardId } = useParams();
  return (
    <StandalonePage>
      <h1>Доска {boardId}</h1>
      <p>Экран доски — это mf-board-view; в составе shell ссылка откроет его.</p>
      <Link to={paths.home.href()}>← Мои доски</Link>
    </StandalonePage>
  );
}
