import { type FormEvent, useRef, useState } from 'react';
import { useDraftText, useOutsidePress, useSubmit } from 'shared-ui';
import { useBoardState, useReload } from '../../../shared/board-context';
import { SubmitOrCancel } from '../../../shared/submit-or-cancel';
import { createColumn } from '../api/create-column';

/**
 * 'Создать новую колонку' at the end of the board. Enter creates the column and leaves the form open
 * and empty for the next name; the columns are created one after another in the order typed. A failed
 * create is swallowed (SPEC 8): its name comes back into the field. Escape closes the form keeping the
 * name typed and not created (per board, in shared-ui drafts) for when it opens again, and so does a
 * press outside the form; 'Отмена' discards it.
 */
export function CreateColumn({ onCreated }: { onCreated?: () => void }) {
  const boardId = useBoardState((state) => state.board?.id ?? 0);
  const reload = useReload();
  const [open, setOpen] = useState(false);
  const [name, setName] = useDraftText(`column:${boardId}`);
  const form = useSubmit();
  const queue = useRef(Promise.resolve());
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const close = () => setOpen(false);
  // A press elsewhere closes the form as Escape does, keeping the name typed.
  useOutsidePress(formRef, close, open);

  if (!open) {
    return (
      <button type="button" className="bv-create-column__open" onClick={() => setOpen(true)}>
        <span aria-hidden="true">+ </span>
        Создать новую колонку
      </button>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const sent = name;
    if (!sent.trim()) return;
    setName('');
    queue.current = queue.current.then(async () => {
      const created = await form.submit(async () => {
        await createColumn(boardId, sent);
        await reload();
      });
      if (created) onCreated?.();
      // Not created: the name comes back to try again, unless the next one is being typed.
      else setName(inputRef.current?.value ? inputRef.current.value : sent);
    });
  };

  return (
    <form ref={formRef} className="bv-create-column" noValidate onSubmit={onSubmit}>
      <input
        // biome-ignore lint/a11y/noAutofocus: the form opens on purpose to type a name
        autoFocus
        ref={inputRef}
        className="bv-create-column__input"
        name="name"
        aria-label="Название колонки"
        placeholder="Название колонки"
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      />
      <SubmitOrCancel
        text="Создать"
        status={form.busy ? 'processing' : 'default'}
        onCancel={() => {
          setName('');
          close();
        }}
      />
    </form>
  );
}
