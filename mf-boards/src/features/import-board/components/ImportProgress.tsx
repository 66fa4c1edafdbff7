/**
 * The running import: a bar named 'Импорт доски', the stage with its count under it ('Карточки:
 * 3 400 из 10 000', redrawn on every read), and a polite live region that tells a screen reader only
 * when the stage changes, not on every tick. Closing leaves the job running on the server.
 */
import type { ImportJob } from 'contract/imports';
import { Button } from 'shared-ui';
import { ProgressBar } from 'shared-ui/widgets';
import { stageText, stageTitle } from '../import-text';
import { StepHeading } from './StepHeading';

interface ImportProgressProps {
  name: string;
  job: ImportJob | null;
  /** The last read of the job failed; it is read again. */
  offline: boolean;
  onClose: () => void;
}

export function ImportProgress({ name, job, offline, onClose }: ImportProgressProps) {
  return (
    <div className="import-board__step">
      <StepHeading focus>Импорт доски «{name}»</StepHeading>
      <ProgressBar className="import-board__bar" value={(job?.progress ?? 0) * 100} label="Импорт доски" />
      <p className="import-board__stage">{stageText(job)}</p>
      <p className="ui-visually-hidden" aria-live="polite">
        {stageTitle(job)}
      </p>
      {offline && <p className="import-board__note">Нет связи с сервером, пробуем ещё раз…</p>}
      <p className="import-board__note">Окно можно закрыть: импорт продолжится, доска появится в списке.</p>
      <div className="import-board__actions">
        <Button variant="secondary" onClick={onClose}>
          Закрыть
        </Button>
      </div>
    </div>
  );
}
