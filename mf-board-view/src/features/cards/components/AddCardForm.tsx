import type { PriorityValue } from 'contract';
import { type FormEvent, memo, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Checkbox, useDraftText, useOutsidePress, useSubmit } from 'shared-ui';
import { useBoardState, useReload } from '../../../shared/board-context';
import { firstError } from '../../../shared/errors';
import { parseFilters } from '../../../shared/filters';
import { SubmitOrCancel } from '../../../shared/submit-or-cancel';
import { createTask } from '../api/create-task';
import { useAddCard } from '../model/add-card-store';

const PRIORITIES: readonly string[] = ['low', 'medium', 'high', 'critical'];

export interface ApplyFilters {
  assignee: boolean;
  label: boolean;
  priority: boolean;
}

/** The new card's assignees, labels and priority taken from the active URL filters that are ticked. */
export function prefillFromFilters(params: URLSearchParams, apply: ApplyFilters) {
  const filters = parseFilters(params);
  const numbers = (values: string[]) =>
    values.map(Number).filter((value) => Number.isInteger(value) && value > 0);
  const priority = filters.priority.find((value) => PRIORITIES.includes(value)) as PriorityValue | undefined;
  return {
    assignees: apply.assignee ? numbers(filters.assignee) : [],
    labels: apply.label ? numbers(filters.label) : [],
    priority: apply.priority && priority ? priority : null,
  };
}

export interface AddCardFormProps {
  columnId: string;
  /** Called after the new card is on the board (the column scrolls to the bottom). */
  onCreated: () => void;
}

/**
 * '+ Добавить карточку': one open form per board; the title error shows under the input. Memoised: a
 * column re-renders with each change of drag and drop's state, its closed form need not.
 *
 * Enter adds the card and leaves the form open and empty for the next one, at once: the cards are
 * created one after another in the order typed, and a title that fails comes back into the field with
 * its error. Escape closes the form keeping the title typed and not added (per column, in shared-ui
 * drafts: there when the form opens again, after a reload too), and so does a press outside the form;
 * 'Отмена' closes it and discards it.
 * Pasting several lines asks first: one card per line ('Создать карточки'), or the text as one title.
 */
export const AddCardForm = memo(function AddCardForm({ columnId, onCreated }: AddCardFormProps) {
  const open = useAddCard((state) => state.openColumnId === columnId);
  const setOpen = useAddCard((state) => state.setOpen);
  const boardId = useBoardState((state) => state.board?.id ?? 0);
  const reload = useReload();
  const [params] = useSearchParams();
  const filters = parseFilters(params);
  const [title, setTitle] = useDraftText(`card:${boardId}:${columnId}`);
  // Cards being added, one after another.
  const queue = useRef(Promise.resolve());
  const form = useSubmit();
  const [apply, setApply] = useState<ApplyFilters>({ assignee: true, label: true, priority: true });
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  // Several lines pasted, waiting for the user's answer: one card each, or one title.
  const [pasted, setPasted] = useState<string[] | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const close = () => {
    setOpen(null);
    setPasted(null);
    form.reset();
  };

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  // A press elsewhere closes the form as Escape does, keeping the title typed.
  useOutsidePress(formRef, () => close(), open);

  if (!open) {
    return (
      <button
        type="button"
        className="bv-ghost-button bv-add-card__open"
        onClick={() => {
          // Opening clears what an earlier attempt left.
          form.reset();
          setOpen(columnId);
        }}
      >
        + Добавить карточку
      </button>
    );
  }

  /** Adds a card titled `text` after those already on their way. */
  const add = (text: string) => {
    const body = { boardId, columnId, title: text, ...prefillFromFilters(params, apply) };
    queue.current = queue.current.then(async () => {
      const added = await form.submit(
        async () => {
          await createTask(body);
          await reload();
        },
        { after: 'default' },
      );
      if (added) onCreated();
      // Not added: the title comes back to be fixed, unless the user is typing the next one.
      else setTitle(inputRef.current?.value ? inputRef.current.value : body.title);
    });
  };

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    setTitle('');
    add(title);
  };

  const answerPaste = (perLine: boolean) => {
    if (!pasted) return;
    if (perLine) for (const line of pasted) add(line);
    else setTitle(`${title}${pasted.join(' ')}`);
    setPasted(null);
    inputRef.current?.focus();
  };

  const error = firstError(form.errors, 'title');
  const toggle = (key: keyof ApplyFilters) => setApply((current) => ({ ...current, [key]: !current[key] }));

  return (
    <form ref={formRef} className="bv-add-card" noValidate onSubmit={onSubmit}>
      <textarea
        ref={inputRef}
        className={['bv-add-card__input', error && 'bv-add-card__input--invalid'].filter(Boolean).join(' ')}
        name="title"
        aria-label="Название карточки"
        placeholder="Введите название карточки"
        rows={2}
        value={title}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setTitle(event.target.value);
          if (error) form.setErrors({});
          form.edited();
        }}
        onPaste={(event) => {
          const lines = event.clipboardData
            .getData('text')
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean);
          if (lines.length < 2) return;
          event.preventDefault();
          setPasted(lines);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            onSubmit();
          } else if (event.key === 'Escape') {
            close();
          }
        }}
      />
      {error && (
        <div className="bv-add-card__error" id={errorId} role="alert">
          {error}
        </div>
      )}
      {pasted && (
        <fieldset className="bv-add-card__paste" aria-label="Вставлено несколько строк">
          <p className="bv-add-card__paste-text">Строк: {pasted.length}. Создать по карточке на каждую?</p>
          <Button size="small" onClick={() => answerPaste(true)}>
            Создать карточки ({pasted.length})
          </Button>
          <Button size="small" variant="secondary" onClick={() => answerPaste(false)}>
            Одной карточкой
          </Button>
        </fieldset>
      )}
      <fieldset className="bv-add-card__filters">
        <legend>Применить фильтры:</legend>
        <Checkbox
          label="Исполнители"
          checked={apply.assignee && filters.assignee.length > 0}
          disabled={filters.assignee.length === 0}
          onChange={() => toggle('assignee')}
        />
        <Checkbox
          label="Метки"
          checked={apply.label && filters.label.length > 0}
          disabled={filters.label.length === 0}
          onChange={() => toggle('label')}
        />
        <Checkbox
          label="Приоритет"
          checked={apply.priority && filters.priority.length > 0}
          disabled={filters.priority.length === 0}
          onChange={() => toggle('priority')}
        />
      </fieldset>
      <SubmitOrCancel
        text="Добавить"
        status={form.status}
        onCancel={() => {
          setTitle('');
          close();
        }}
      />
    </form>
  );
});
