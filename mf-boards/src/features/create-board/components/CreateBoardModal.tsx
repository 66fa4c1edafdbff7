import { type FormEvent, useState } from 'react';
import {
  Button,
  errorsOf,
  FormError,
  Modal,
  type Status,
  TextField,
  useFieldErrors,
  useModalStore,
} from 'shared-ui';
import type { BoardListItem, BoardSort } from '../../../types';
import { createBoard } from '../api/create-board';

interface CreateBoardModalProps {
  /** Sent with the board so the answer comes back in the order the page shows. */
  sort: BoardSort;
  /** The board list the API answered, new board included. */
  onCreated: (boards: BoardListItem[]) => void;
}

/** The CREATE_BOARD modal: a name, 'Создать'; closes after success. */
export function CreateBoardModal({ sort, onCreated }: CreateBoardModalProps) {
  const close = useModalStore((state) => state.close);
  const [name, setName] = useState('');
  const [status, setStatus] = useState<Status>('default');
  const { errors, setErrors, clearError } = useFieldErrors();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'processing') return;
    setStatus('processing');
    setErrors({});
    try {
      const boards = await createBoard(name, sort);
      onCreated(boards);
      close();
    } catch (error) {
      setErrors(errorsOf(error));
      setStatus('error');
    }
  };

  // Errors for fields this form does not show (e.g. color, sort) are shown above it.
  const { name: nameError, ...other } = errors;
  const formError = other.message ?? Object.values(other)[0];

  return (
    <Modal title="Новая доска" width={400} onClose={close}>
      <form noValidate onSubmit={onSubmit}>
        <FormError>{formError}</FormError>
        <TextField
          label="Название"
          name="name"
          autoComplete="off"
          maxLength={100}
          placeholder="Например, «Ремонт без паники»"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (status === 'error') setStatus('default');
          }}
          error={nameError}
          onClearError={clearError}
        />
        <Button type="submit" status={status} fullWidth>
          Создать
        </Button>
      </form>
    </Modal>
  );
}
