/**
 * The started import, from its first read to its end: the progress while it runs, then the summary
 * or the failure. Mounted per job (keyed by its id), so a second import starts from nothing.
 */
import { useEffect, useRef } from 'react';
import { IMPORT_FAILED } from '../limits';
import { useImportJob } from '../use-import-job';
import { ImportFailed } from './ImportFailed';
import { ImportProgress } from './ImportProgress';
import { ImportSummary } from './ImportSummary';

interface ImportRunProps {
  id: string;
  name: string;
  /** The board now exists: the page's list can show it. */
  onDone: () => void;
  onRetry: () => void;
  onClose: () => void;
}

export function ImportRun({ id, name, onDone, onRetry, onClose }: ImportRunProps) {
  const { job, error, offline } = useImportJob(id);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const done = job?.state === 'done';

  useEffect(() => {
    if (done) onDoneRef.current();
  }, [done]);

  if (error !== null || job?.state === 'failed')
    return <ImportFailed error={job?.error ?? error ?? IMPORT_FAILED} onRetry={onRetry} onClose={onClose} />;
  if (done && job.report && job.boardId !== undefined)
    return <ImportSummary name={name} boardId={job.boardId} report={job.report} onClose={onClose} />;
  return <ImportProgress name={name} job={job} offline={offline} onClose={onClose} />;
}
