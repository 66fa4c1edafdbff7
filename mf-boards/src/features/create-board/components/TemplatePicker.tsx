/**
 * 'Шаблон' in the create-board modal: a group of native radios (arrows move the choice, Tab leaves the
 * group), 'Пустая' first and usable at once, then the user's templates and the built-in ones as the API
 * lists them, each with its preview. The user's own have 'Удалить' (a Tab stop of its own) behind the
 * confirmation; after a removal the focus goes to the chosen radio, never lost with the button.
 */
import type { Template } from 'contract';
import { type Ref, useId, useRef, useState } from 'react';
import { ApiError, Button, useFieldErrors } from 'shared-ui';
import type { Load } from 'shared-ui/load';
import { useConfirmedAction } from 'shared-ui/widgets';
import { deleteTemplate } from '../api/delete-template';
import { EMPTY_PREVIEW, templatePreview } from '../template-text';

interface TemplatePickerProps {
  templates: Load<Template[]>;
  /** The chosen template's id; null is 'Пустая'. */
  value: string | null;
  onChange: (id: string | null) => void;
  /** The API's refusal of the chosen template (deleted meanwhile, e.g. in another tab). */
  error: string | undefined;
}

export function TemplatePicker({ templates, value, onChange, error }: TemplatePickerProps) {
  const baseId = useId();
  const emptyRadio = useRef<HTMLInputElement>(null);
  const options = useRef<HTMLDivElement>(null);
  const { errors, setErrors, clearErrors } = useFieldErrors();
  const remove = useConfirmedAction({ onError: setErrors });
  // The template whose row shows the running removal and its error.
  const [target, setTarget] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const list = templates.data;

  const onDelete = (template: Template) =>
    void remove.run(
      {
        title: 'Удалить шаблон?',
        message: `Шаблон «${template.name}» исчезнет из списка. Доски, созданные по нему, останутся.`,
      },
      async () => {
        clearErrors();
        setTarget(template.id);
        setAnnouncement('');
        try {
          await deleteTemplate(template.id);
        } catch (caught) {
          // Already gone (deleted in another tab): what the user asked for is done.
          if (!(caught instanceof ApiError && caught.status === 404)) throw caught;
        }
        const next =
          value === template.id
            ? emptyRadio.current
            : options.current?.querySelector<HTMLInputElement>('input:checked');
        next?.focus();
        templates.replace((current) => (current ?? []).filter((item) => item.id !== template.id));
        setAnnouncement(`Шаблон «${template.name}» удалён`);
      },
    );

  const deleteError = (template: Template) =>
    target === template.id && remove.status === 'error'
      ? (errors.id ?? errors.message ?? Object.values(errors)[0] ?? 'Не удалось удалить шаблон')
      : undefined;

  return (
    <fieldset className="create-board__templates">
      <legend className="create-board__legend">Шаблон</legend>
      <div className="create-board__options" ref={options}>
        <TemplateOption
          id={`${baseId}empty`}
          name="Пустая"
          preview={EMPTY_PREVIEW}
          checked={value === null}
          onChoose={() => onChange(null)}
          radioRef={emptyRadio}
        />
        {list?.map((template) => (
          <TemplateOption
            key={template.id}
            id={`${baseId}${template.id}`}
            name={template.name}
            preview={templatePreview(template)}
            checked={value === template.id}
            onChoose={() => onChange(template.id)}
            deleting={remove.status === 'processing' && target === template.id}
            onDelete={template.builtIn ? undefined : () => onDelete(template)}
            error={deleteError(template)}
          />
        ))}
      </div>
      {templates.status === 'loading' && !list && (
        <p className="create-board__loading" role="status">
          <span className="create-board__spinner" aria-hidden="true" />
          Загружаем шаблоны…
        </p>
      )}
      {templates.status === 'error' && (
        <div className="create-board__load-error" role="alert">
          <p>Не удалось загрузить шаблоны</p>
          <Button variant="secondary" size="small" onClick={() => void templates.reload()}>
            Повторить
          </Button>
        </div>
      )}
      {error && (
        <p className="create-board__error" role="alert">
          {error}
        </p>
      )}
      <p className="ui-visually-hidden" role="status">
        {announcement}
      </p>
      {remove.confirmDialog}
    </fieldset>
  );
}

interface TemplateOptionProps {
  /** Unique in the page: the radio's name and preview are tied to it by these ids. */
  id: string;
  name: string;
  preview: string;
  checked: boolean;
  onChoose: () => void;
  radioRef?: Ref<HTMLInputElement>;
  deleting?: boolean;
  /** Only the user's own templates can be deleted. */
  onDelete?: () => void;
  error?: string | undefined;
}

function TemplateOption({
  id,
  name,
  preview,
  checked,
  onChoose,
  radioRef,
  deleting = false,
  onDelete,
  error,
}: TemplateOptionProps) {
  return (
    <div className="create-board__option">
      <label className="create-board__choice">
        <input
          ref={radioRef}
          type="radio"
          name="template"
          className="create-board__radio"
          checked={checked}
          onChange={onChoose}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-preview`}
        />
        <span className="create-board__text">
          <span className="create-board__name" id={`${id}-name`}>
            {name}
          </span>
          <span className="create-board__preview" id={`${id}-preview`}>
            {preview}
          </span>
        </span>
      </label>
      {onDelete && (
        <Button
          variant="secondary"
          size="small"
          className="create-board__delete"
          status={deleting ? 'processing' : 'default'}
          aria-label={`Удалить шаблон «${name}»`}
          onClick={onDelete}
        >
          Удалить
        </Button>
      )}
      {error && (
        <p className="create-board__error create-board__row-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
