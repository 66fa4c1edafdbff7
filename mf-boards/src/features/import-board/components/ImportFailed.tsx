/** The import failed and created nothing: the API's reason in an alert, and a way to try another file. */
import { Button } from 'shared-ui';
import { StepHeading } from './StepHeading';

interface ImportFailedProps {
  error: string;
  onRetry: () => void;
  onClose: () => void;
}

export function ImportFailed({ error, onRetry, onClose }: ImportFailedProps) {
  return (
    <div className="import-board__step">
      <StepHeading focus>Импорт не удался</StepHeading>
      <p className="import-board__failure" role="alert">
        {error}
      </p>
      <div className="import-board__actions">
        <Button variant="secondary" onClick={onClose}>
          Закрыть
        </Button>
        <Button onClick={onRetry}>Выбрать другой файл</Button>
      </div>
    </div>
  );
}
