import type { BoardListItem, DroppedAssignee } from 'contract';
import { can } from 'contract/roles';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  Button,
  Checkbox,
  errorsOf,
  FormError,
  paths,
  Select,
  type SelectOption,
  useSubmit,
} from 'shared-ui';
import { useLoad } from 'shared-ui/load';
import { Modal } from 'shared-ui/widgets';
import { useBoard, useReload } from '../../../shared/board-context';
import { showNotice } from '../../../shared/undo';
import { copyTask } from '../api/copy-task';
import { type ColumnChoice, getBoardColumns } from '../api/get-board-columns';
import { listBoards } from '../api/list-boards';
import { moveTaskToBoard } from '../api/move-task-to-board';
import { taskNotice } from '../model/copy-text';
import './copy.css';

export type TaskCopyMode = 'copy' | 'move';

const TEXT = {
  copy: {
    title: 'Копировать карточку',
    intro:
      'Копия возьмёт описание, метки, исполнителей и чек-листы (без отметок); файлы не копируются. На другой доске метки подбираются по названию.',
    submit: 'Копировать',
    none: 'Нет досок, где вы можете добавлять карточки.',
  },
  move: {
    title: 'Переместить на доску',
    intro:
      'Карточка уйдёт с этой доски вместе с комментариями, файлами и чек-листами. Метки на новой доске подбираются по названию.',
    submit: 'Переместить',
    none: 'Нет других досок, где вы можете добавлять карточки.',
  },
} as const;

const PLACES: readonly SelectOption[] = [
  { value: 'start', label: 'В начало' },
  { value: 'end', label: 'В конец' },
];

const only = (label: string): SelectOption[] => [{ value: '', label }];

/** A failed read inside the form: why, and 'Повторить'. */
function LoadFailure({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <div className="bv-copy__failure" role="alert">
      <span>{errorsOf(error).message ?? fallback}</span>
      <Button variant="secondary" size="small" onClick={onRetry}>
        Повторить
      </Button>
    </div>
  );
}

export interface CopyTaskDialogProps {
  mode: TaskCopyMode;
  taskId: string;
  /** The card's column: where a copy on this board goes unless another is chosen. */
  columnId: string;
  /** Saves what the task modal holds unsaved, so the copy (or the moved card) carries it. */
  flush: () => Promise<unknown>;
  onClose: () => void;
  /** After a move: the task modal closes, as the card has left the board. */
  onMoved: () => void;
}

/**
 * The task modal's 'Копировать карточку' and 'Переместить на доску': 'Доска' (the user's boards where
 * they may edit; for a copy this one too, first and marked, for a move only others), 'Колонка' (the
 * chosen board's, read when it is chosen), 'Место' and, for a copy, 'С комментариями'. Done, the
 * board page's toast says where the card went and whom it lost ('Открыть' the card there); a moved
 * card leaves this board through its live patch. The server's refusals show under their fields, or
 * above the form (403, 404).
 */
export function CopyTaskDialog({ mode, taskId, columnId, flush, onClose, onMoved }: CopyTaskDialogProps) {
  const board = useBoard();
  const reload = useReload();
  const text = TEXT[mode];
  const here = String(board.id);
  const form = useSubmit();
  const boards = useLoad((signal) => listBoards(signal));
  // null until the user chooses: a copy starts on this board, when it is among the targets.
  const [target, setTarget] = useState<string | null>(null);
  const [column, setColumn] = useState<string | null>(null);
  const [place, setPlace] = useState('end');
  const [withComments, setWithComments] = useState(false);

  const targets: BoardListItem[] = (boards.data ?? []).filter(
    (item) => can(item.role, 'edit') && (mode === 'copy' || item.id !== board.id),
  );
  targets.sort((a, b) => Number(b.id === board.id) - Number(a.id === board.id));
  const chosen = target ?? (mode === 'copy' && targets.some((item) => item.id === board.id) ? here : '');

  // Another board's columns are read when it is chosen (tagged with it: a late answer is not shown
  // for the next board); this board's are on screen already.
  const other = chosen !== '' && chosen !== here ? Number(chosen) : null;
  const remote = useLoad(
    async (signal) =>
      other === null ? null : { boardId: other, columns: await getBoardColumns(other, signal) },
    other,
  );
  const remoteColumns = remote.data && remote.data.boardId === other ? remote.data.columns : null;
  const ownColumns: ColumnChoice[] = board.columnOrder.flatMap((id) => {
    const item = board.columns[id];
    return item ? [{ id, name: item.name }] : [];
  });
  let columns: ColumnChoice[] | null = null;
  if (chosen === here) columns = ownColumns;
  else if (other !== null) columns = remoteColumns;
  const columnsFailed = other !== null && remoteColumns === null && remote.status === 'error';

  const fallbackColumn = chosen === here && columns?.some((item) => item.id === columnId) ? columnId : '';
  const chosenColumn = columns?.some((item) => item.id === column)
    ? (column as string)
    : fallbackColumn || (columns?.[0]?.id ?? '');

  let boardOptions: SelectOption[];
  let boardHint: ReactNode;
  if (boards.data) {
    boardOptions = targets.map((item) => ({
      value: String(item.id),
      label: item.id === board.id ? `${board.name} (эта доска)` : item.name,
    }));
    if (targets.length === 0) boardOptions = only('Нет подходящих досок');
    else if (chosen === '') boardOptions.unshift({ value: '', label: 'Выберите доску' });
    if (targets.length === 0) boardHint = text.none;
  } else {
    boardOptions = only(boards.status === 'error' ? 'Доски не загрузились' : 'Загрузка досок…');
  }

  let columnOptions: SelectOption[];
  if (chosen === '') columnOptions = only('Сначала выберите доску');
  else if (columnsFailed) columnOptions = only('Колонки не загрузились');
  else if (!columns) columnOptions = only('Загрузка колонок…');
  else if (columns.length === 0) columnOptions = only('На доске нет колонок');
  else columnOptions = columns.map((item) => ({ value: item.id, label: item.name }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === '') return form.setErrors({ toBoardId: 'Выберите доску' });
    if (!columns || chosenColumn === '') return form.setErrors({ toColumnId: 'Выберите колонку' });
    const where = {
      elsewhere: chosen !== here,
      boardName:
        chosen === here ? board.name : (targets.find((item) => String(item.id) === chosen)?.name ?? ''),
      columnName: columns.find((item) => item.id === chosenColumn)?.name ?? '',
    };
    const body = {
      boardId: board.id,
      taskId,
      toBoardId: Number(chosen),
      toColumnId: chosenColumn,
      ...(place === 'start' && { position: 0 }),
    };
    const answer: { dropped?: DroppedAssignee[]; taskNumber?: number } = {};
    const done = await form.submit(
      async () => {
        await flush();
        const result =
          mode === 'copy' ? await copyTask({ ...body, withComments }) : await moveTaskToBoard(body);
        answer.dropped = result.droppedAssignees;
        answer.taskNumber = result.taskNumber;
      },
      { after: 'default' },
    );
    if (!done || !answer.dropped) return;
    showNotice({
      boardId: board.id,
      message: taskNotice(mode, where, answer.dropped),
      ...(where.elsewhere &&
        answer.taskNumber !== undefined && {
          link: {
            href: paths.boardTask.href({ boardId: chosen, taskNumber: answer.taskNumber }),
            text: 'Открыть',
          },
        }),
    });
    // This board shows the change once its echo (or a re-fetch) arrives.
    if (mode === 'move' || !where.elsewhere) void reload();
    if (mode === 'move') onMoved();
    else onClose();
  };

  const { toBoardId, toColumnId, position, ...rest } = form.errors;
  const general = rest.message ?? Object.values(rest)[0];

  return (
    <Modal title={text.title} width={500} onClose={onClose}>
      <form className="bv-copy__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="bv-copy__intro">{text.intro}</p>
        <FormError>{general}</FormError>
        <Select
          label="Доска"
          name="toBoardId"
          options={boardOptions}
          value={boards.data && targets.length > 0 ? chosen : ''}
          aria-busy={boards.status === 'loading' || undefined}
          hint={boardHint}
          error={toBoardId}
          onClearError={form.clearError}
          onChange={(change) => {
            if (!boards.data || targets.length === 0) return;
            setTarget(change.target.value);
            setColumn(null);
            form.clearError('toColumnId');
            form.edited();
          }}
        />
        {boards.status === 'error' && !boards.data && (
          <LoadFailure
            error={boards.error}
            fallback="Не удалось загрузить доски."
            onRetry={() => void boards.reload()}
          />
        )}
        <Select
          label="Колонка"
          name="toColumnId"
          options={columnOptions}
          value={chosenColumn}
          disabled={!columns || columns.length === 0}
          aria-busy={(other !== null && !columns && !columnsFailed) || undefined}
          error={toColumnId}
          onClearError={form.clearError}
          onChange={(change) => {
            setColumn(change.target.value);
            form.edited();
          }}
        />
        {columnsFailed && (
          <LoadFailure
            error={remote.error}
            fallback="Не удалось загрузить колонки доски."
            onRetry={() => void remote.reload()}
          />
        )}
        <Select
          label="Место"
          name="position"
          options={PLACES}
          value={place}
          error={position}
          onClearError={form.clearError}
          onChange={(change) => {
            setPlace(change.target.value);
            form.edited();
          }}
        />
        {mode === 'copy' && (
          <Checkbox
            name="withComments"
            label="С комментариями"
            checked={withComments}
            onChange={(change) => {
              setWithComments(change.target.checked);
              form.clearError('withComments');
              form.edited();
            }}
          />
        )}
        <div className="bv-modal-actions">
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" status={form.status}>
            {text.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
