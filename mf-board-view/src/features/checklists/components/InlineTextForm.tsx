import { type FormEvent, useState } from 'react';
import { useSubmit } from 'shared-ui';
import { firstError } from '../../../shared/errors';
import { SubmitOrCancel } from '../../../shared/submit-or-cancel';

export interface InlineTextFormProps {
  /** The input's accessible name, e.g. 'Название списка'. */
  label: string;
  initial?: string;
  placeholder?: string;
  submitText: string;
  /** The server's field whose error shows under the input ('title', 'text'). */
  errorKey: string;
  maxLength?: number;
  /** Sends the text (trimmed); a failure shows under the input. */
  onSubmit: (text: string) => Promise<unknown>;
  /** After a success: the form closes, or empties for the next entry. */
  onDone: () => void;
  onCancel: () => void;
  /** Empties the input after a success instead of closing (adding several items in a row). */
  keepOpen?: boolean;
}

/** One text input with its submit and ✖ (Escape cancels too); empty text is not sent. */
export function InlineTextForm({
  label,
  initial = '',
  placeholder,
  submitText,
  errorKey,
  maxLength = 500,
  onSubmit,
  onDone,
  onCancel,
  keepOpen = false,
}: InlineTextFormProps) {
  const life = useSubmit();
  const [text, setText] = useState(initial);
  const error = firstError(life.errors, errorKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    if (await life.submit(() => onSubmit(value), { after: 'default' })) {
      if (keepOpen) setText('');
      onDone();
    }
  };

  return (
    <form className="bv-checklists__form" noValidate onSubmit={(event) => void submit(event)}>
      <input
        className={['bv-checklists__input', error && 'bv-checklists__input--invalid']
          .filter(Boolean)
          .join(' ')}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        placeholder={placeholder}
        maxLength={maxLength}
        value={text}
        // biome-ignore lint/a11y/noAutofocus: the form opens on the user's request and is typed into at once
        autoFocus
        onChange={(event) => {
          setText(event.target.value);
          life.clearError(errorKey);
          life.edited();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      {error && (
        <div className="bv-checklists__error" role="alert">
          {error}
        </div>
      )}
      <SubmitOrCancel text={submitText} status={life.status} onCancel={onCancel} />
    </form>
  );
}
