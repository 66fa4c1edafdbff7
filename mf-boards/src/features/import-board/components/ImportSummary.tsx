/**
 * The import is done: what came in (колонки, задачи, архив, метки, чек-листы, комментарии, сроки, who
 * was invited), what was left out and why ('Пропущено'), and 'Открыть доску', a link to the new board
 * drawn as the primary button (a link, so it can also open in a new tab).
 */
import type { ImportReport } from 'contract/imports';
import { Link } from 'react-router-dom';
import { Button, paths } from 'shared-ui';
import { reportRows } from '../import-text';
import { StepHeading } from './StepHeading';

interface ImportSummaryProps {
  name: string;
  boardId: number;
  report: ImportReport;
  onClose: () => void;
}

export function ImportSummary({ name, boardId, report, onClose }: ImportSummaryProps) {
  return (
    <div className="import-board__step">
      <StepHeading focus>Доска «{name}» готова</StepHeading>
      <dl className="import-board__report">
        {reportRows(report).map(({ term, value }) => (
          <div key={term} className="import-board__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="import-board__subheading">Пропущено</h4>
      {report.skipped.length > 0 ? (
        <ul className="import-board__skipped">
          {report.skipped.map(({ what, why }) => (
            <li key={what}>
              {what}: {why}
            </li>
          ))}
        </ul>
      ) : (
        <p className="import-board__text">Ничего: перенесено всё.</p>
      )}
      <div className="import-board__actions">
        <Button variant="secondary" onClick={onClose}>
          Закрыть
        </Button>
        {/* shared-ui's button look on a link: the one place a button leads to another page. */}
        <Link
          className="ui-button ui-button--primary ui-button--medium import-board__link"
          to={paths.board.href({ boardId })}
          onClick={onClose}
        >
          Открыть доску
        </Link>
      </div>
    </div>
  );
}
