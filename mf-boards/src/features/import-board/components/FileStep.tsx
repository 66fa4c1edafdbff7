/**
 * Step 'Файл': the drop area (any file up to 50 MB: the server tells the format, so nothing is
 * refused here by its type), what the file turned out to be, read before anything is written
 * ('Trello: «Test Drive», 18 списков, 122 карточки'), the new board's name (the source's to start with)
 * and 'Далее' when there are people to map, else 'Импортировать'. The drop area stays, so another file
 * can be chosen at any time, e.g. after a refusal.
 */
import type { ChangeEvent, FormEvent } from 'react';
import { Button, FormError, type Status, TextField } from 'shared-ui';
import { Dropzone } from 'shared-ui/widgets';
import { describePreview } from '../import-text';
import { MAX_IMPORT_BYTES } from '../limits';
import type { FilePreview } from '../use-file-preview';
import { StepHeading } from './StepHeading';

export interface NameField {
  name: string;
  value: string;
  error: string | undefined;
  onClearError: (name: string) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

interface FileStepProps {
  focus: boolean;
  source: FilePreview;
  onFile: (file: File) => void;
  /** A refusal of the file by the import itself (it changed, or grew past the limit). */
  fileError: string | undefined;
  nameField: NameField;
  formError: string | undefined;
  status: Status;
  onSubmit: () => void;
}

export function FileStep({
  focus,
  source,
  onFile,
  fileError,
  nameField,
  formError,
  status,
  onSubmit,
}: FileStepProps) {
  const { file, preview, loading } = source;
  const error = source.error ?? fileError;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className="import-board__step" noValidate onSubmit={submit}>
      <StepHeading focus={focus}>Файл</StepHeading>
      <p className="import-board__text">
        Экспорт доски из Trello (JSON), таблица CSV с колонкой «Название» или экспорт доски отсюда.
      </p>
      <Dropzone
        label={file ? 'Выбрать другой файл' : 'Выбрать файл'}
        maxSize={MAX_IMPORT_BYTES}
        onFiles={([first]) => {
          if (first) onFile(first);
        }}
        hint="Перетащите файл сюда или нажмите, чтобы выбрать. До 50 МБ."
      />
      <div className="import-board__status" aria-live="polite">
        {loading && (
          <p className="import-board__reading">
            <span className="import-board__spinner" aria-hidden="true" />
            Читаем файл…
          </p>
        )}
        {preview && file && (
          <p className="import-board__description">
            <span className="import-board__file">{file.name}</span>
            <span>{describePreview(preview)}</span>
          </p>
        )}
      </div>
      {error && (
        <p className="import-board__error" role="alert">
          {error}
        </p>
      )}
      {preview && (
        <>
          <TextField label="Название доски" maxLength={100} autoComplete="off" {...nameField} />
          <FormError>{formError}</FormError>
          <div className="import-board__actions">
            <Button type="submit" status={status}>
              {preview.members.length > 0 ? 'Далее' : 'Импортировать'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
