import type { BoardListItem, Sort } from 'contract';
import { type FormEvent, useState } from 'react';
import { Button, errorsOf, FormError, TextField, useFormValues, useModalStore, useSubmit } from 'shared-ui';
import { useLoad } from 'shared-ui/load';
import { Modal } from 'shared-ui/widgets';
import { createBoard } from '../api/create-board';
import { getTemplates } from '../api/get-templates';
import { TemplatePicker } from './TemplatePicker';
import './create-board.css';

interface CreateBoardModalProps {
  /** Sent with the board so the answer comes back in the order the page shows. */
  sort: Sort;
  /** The board list the API answered, new board included. */
  onCreated: (boards: BoardListItem[]) => void;
}

/**
 * The CREATE_BOARD modal: a name, a template ('Пустая' or one of the list read as the modal opens),
 * 'Создать'; closes after success. The choice is kept through a refused name.
 */
export function CreateBoardModal({ sort, onCreated }: CreateBoardModalProps) {
  const close = useModalStore((state) => state.close);
  const form = useSubmit();
  const { values, field } = useFormValues({ name: '' }, form);
  const templates = useLoad(getTemplates);
  const [templateId, setTemplateId] = useState<string | null>(null);
  // A template no longer in the list (deleted here or elsewhere) leaves 'Пустая' chosen.
  const chosen = templates.data?.some((template) => template.id === templateId) ? templateId : null;

  const choose = (id: string | null) => {
    setTemplateId(id);
    form.clearError('templateId');
    form.edited();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      try {
        onCreated(await createBoard(values.name, sort, chosen ?? undefined));
      } catch (caught) {
        // The template is gone (deleted in another tab): the list shows what is left.
        if (errorsOf(caught).templateId) void templates.reload();
        throw caught;
      }
      close();
    });
  };

  // Errors for fields this form does not show (e.g. color, sort) are shown above it.
  const { name: _name, templateId: templateError, ...other } = form.errors;
  const formError = other.message ?? Object.values(other)[0];

  return (
    <Modal title="Новая доска" width={500} onClose={close}>
      <form noValidate onSubmit={onSubmit}>
        <FormError>{formError}</FormError>
        <TextField
          label="Название"
          autoComplete="off"
          maxLength={100}
          placeholder="Например, «Ремонт без паники»"
          {...field('name')}
        />
        <TemplatePicker templates={templates} value={chosen} onChange={choose} error={templateError} />
        <Button type="submit" status={form.status} fullWidth>
          Создать
        </Button>
      </form>
    </Modal>
  );
}
