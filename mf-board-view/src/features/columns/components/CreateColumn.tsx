import { type FormEvent, useState } from 'react';
import { useSubmit } from 'shared-ui';
import { useBoardState, useReload } from '../../../shared/board-context';
import { SubmitOrCancel } from '../../../shared/submit-or-cancel';
import { createColumn } from '../api/create-column';

/** 'Создать новую колонку' at the end of the board. A failed create is swallowed (SPEC 8). */
export function CreateColumn({ onCreated }: { onCreated?: () => void }) {
  const boardId = useBoardState((state) => state.board?.id ?? 0);
  const reload = useReload();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const form = useSubmit();

  if (!open) {
    return (
      <button type="button" className="bv-create-column__open" onClick={() => setOpen(true)}>
        <span aria-hidden="true">+ </span>
        Создать новую колонку
      </button>
    );
  }

  const close = () => {
    setOpen(false);
    setName('');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    // A failure is swallowed: the form stays open with the name, so the user can try again.
    await form.submit(async () => {
      await createColumn(boardId, name);
      close();
      await reload();
      onCreated?.();
    });
  };

  return (
    <form className="bv-create-column" noValidate onSubmit={onSubmit}>
      <input
        // biome-ignore lint/a11y/noAutofocus: the form opens on purpose to type a name
        autoFocus
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
      <SubmitOrCancel text="Создать" status={form.busy ? 'processing' : 'default'} onCancel={close} />
    </form>
  );
}
