import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Checkbox, FormError, paths, TextField, useFormValues, useSubmit } from 'shared-ui';
import { Modal } from 'shared-ui/widgets';
import { useBoard } from '../../../shared/board-context';
import type { BoardCopyDialog as Kind } from '../../../shared/board-copy-panel';
import { useGuardedClose } from '../../../shared/guarded-close';
import { showNotice } from '../../../shared/undo';
import { copyBoard } from '../api/copy-board';
import { saveTemplate } from '../api/save-template';
import { copyName, NAME_MAX } from '../model/copy-text';
import './copy.css';

const TEXT = {
  template: {
    title: 'Сохранить как шаблон',
    intro:
      'В шаблон попадут колонки и метки доски, а с карточками — и карточки с чек-листами (без отметок). Комментарии, файлы, участники и исполнители не сохраняются.',
    name: 'Название шаблона',
    withTasks: 'С карточками и чек-листами',
    submit: 'Сохранить',
    lost: 'Введённое название шаблона пропадёт.',
  },
  copy: {
    title: 'Копировать доску',
    intro:
      'Новая доска будет вашей, с колонками и метками этой, а с карточками — и с ними (без исполнителей, комментариев и файлов, чек-листы без отметок). Участники не копируются.',
    name: 'Название новой доски',
    withTasks: 'С карточками',
    submit: 'Копировать',
    lost: 'Введённое название доски пропадёт.',
  },
} as const;

/**
 * The board menu's 'Сохранить как шаблон' (a name, prefilled with the board's, and whether the cards
 * come along; the template is then offered when a board is created) and 'Копировать доску' ('{name}
 * (копия)'; the new board opens). A changed name is asked about before Escape, the backdrop or ✖ drop
 * it. The server's refusals show under the name, or above the form.
 */
export function BoardCopyDialog({ kind, onClose }: { kind: Kind; onClose: () => void }) {
  const board = useBoard();
  const navigate = useNavigate();
  const text = TEXT[kind];
  const [initialName] = useState(() => (kind === 'copy' ? copyName(board.name) : board.name));
  const form = useSubmit();
  const { values, field } = useFormValues({ name: initialName }, form);
  const [withTasks, setWithTasks] = useState(false);
  const { requestClose, confirmDialog } = useGuardedClose(values.name !== initialName, onClose, text.lost);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name: values.name.trim(), withTasks };
    if (kind === 'template') {
      const saved = await form.submit(() => saveTemplate({ boardId: board.id, ...body }), {
        after: 'default',
      });
      if (!saved) return;
      showNotice({ boardId: board.id, message: 'Шаблон сохранён: его можно выбрать при создании доски' });
      onClose();
      return;
    }
    const answer: { boardId?: number } = {};
    const copied = await form.submit(
      async () => {
        answer.boardId = (await copyBoard(board.id, body)).boardId;
      },
      { after: 'default' },
    );
    if (!copied || answer.boardId === undefined) return;
    onClose();
    navigate(paths.board.href({ boardId: answer.boardId }));
  };

  const { name: _name, ...rest } = form.errors;
  const general = rest.message ?? Object.values(rest)[0];

  return (
    <Modal title={text.title} width={500} onClose={requestClose}>
      <form className="bv-copy__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="bv-copy__intro">{text.intro}</p>
        <FormError>{general}</FormError>
        <TextField label={text.name} maxLength={NAME_MAX} autoComplete="off" {...field('name')} />
        <Checkbox
          name="withTasks"
          label={text.withTasks}
          checked={withTasks}
          onChange={(event) => {
            setWithTasks(event.target.checked);
            form.edited();
          }}
        />
        <div className="bv-modal-actions">
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" status={form.status}>
            {text.submit}
          </Button>
        </div>
      </form>
      {confirmDialog}
    </Modal>
  );
}
