import { memo } from 'react';
import { MODALS, useModalStore } from 'shared-ui';
import { useBoardState } from '../../../shared/board-context';
import { useCan } from '../../../shared/roles';
import { sumEstimations } from '../model/estimation';
import { countLabel } from '../model/wip';
import './columns.css';

const NO_IDS: string[] = [];

/** Name, the count of cards ('5 / 4' against a limit, warned when over), optional sum of estimations and, for a role that may edit, the ⋯ button (EDIT_COLUMN). */
export const ColumnHeader = memo(function ColumnHeader({ columnId }: { columnId: string }) {
  const name = useBoardState((state) => state.board?.columns[columnId]?.name ?? '');
  const showTotal = useBoardState((state) => state.board?.showTotalColumnEstimation ?? false);
  const taskIds = useBoardState((state) => state.board?.columns[columnId]?.taskIds ?? NO_IDS);
  const tasks = useBoardState((state) => state.board?.tasks);
  const limit = useBoardState((state) => state.board?.columns[columnId]?.wipLimit ?? null);
  const open = useModalStore((state) => state.open);
  const canEdit = useCan('edit');
  const total = showTotal && tasks ? sumEstimations(taskIds.map((id) => tasks[id])) : null;

  return (
    <div className="bv-column-header">
      <h2 className="bv-column-header__name" title={name}>
        {name}
      </h2>
      <span
        className={[
          'bv-column-header__count',
          limit !== null && taskIds.length > limit && 'bv-column-header__count--over',
        ]
          .filter(Boolean)
          .join(' ')}
        role="img"
        aria-label={countLabel(taskIds.length, limit)}
        title={countLabel(taskIds.length, limit)}
      >
        {limit === null ? taskIds.length : `${taskIds.length} / ${limit}`}
      </span>
      {total !== null && (
        <span className="bv-column-header__total" title="Сумма оценок">
          Σ {total}
        </span>
      )}
      {canEdit && (
        <button
          type="button"
          className="bv-ghost-button bv-icon-button bv-column-header__menu"
          aria-label={`Колонка «${name}»: изменить`}
          title="Изменить колонку"
          data-no-dnd
          onClick={() => open(MODALS.EDIT_COLUMN, { columnId })}
        >
          ⋯
        </button>
      )}
    </div>
  );
});
