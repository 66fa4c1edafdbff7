import type { BoardListItem, Sort } from 'contract';
import type { FormEvent } from 'react';
import { Button, FormError, TextField, useFormValues, useModalStore, useSubmit } from 'shared-ui';
import { Modal } from 'shared-ui/widgets';
import { createBoard } from '../api/create-board';

interface CreateBoardModalProps {
  /** Sent with the board so the answer comes back in the order the page shows. */
  sort: Sort;
  /** The board list the API answered, new board included. */
  onCreated: (boards: BoardListItem[]) => void;
}

/** The CREATE_BOARD modal: a name, 'Создать'; closes after success. */
export function CreateBoardModal({ sort, onCreated }: CreateBoardModalProps) {
  const close = useModalStore((state) => state.close);
  const form = useSubmit();
  const { values, field } = useFormValues({ name: '' }, form);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      onCreated(await createBoard(values.name, sort));
      close();
    });
  };

  // Errors for fields this form does not show (e.g. color, sort) are shown above it.
  const { name: _name, ...other } = form.errors;
  const formError = other.message ?? Object.values(other)[0];

  return (
    <Modal title="Новая доска" width={400} onClose={close}>
      <form noValidate onSubmit={onSubmit}>
        <FormError>{formError}</FormError>
        <TextField
          label="Название"
          autoComplete="off"
          maxLength={100}
          placeholder="Например, «Ремонт без паники»"
          {...field('name')}
        />
        <Button type="submit" status={form.status} fullWidth>
          Создать
        </Button>
      </form>
    </Modal>
  );
}
