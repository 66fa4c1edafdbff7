/**
 * Follows an import job: GET /api/import/{id} at once, then every POLL_MS while it is queued or
 * running, until it is done or failed. Unmounting stops it (the job itself goes on on the server). A
 * lost connection or a server error is retried on the same beat, shown as `offline`; a refusal
 * (the job is not there) ends the watch with its message.
 */
import type { ImportJob } from 'contract/imports';
import { useEffect, useState } from 'react';
import { ApiError, errorsOf } from 'shared-ui';
import { getImport } from './api/get-import';

export const POLL_MS = 500;

export interface ImportWatch {
  job: ImportJob | null;
  /** The job could not be read and will not be: why. */
  error: string | null;
  /** The last read failed for the network or the server; the next one is on its way. */
  offline: boolean;
}

export const ended = (job: ImportJob | null) => job?.state === 'done' || job?.state === 'failed';

export function useImportJob(id: string): ImportWatch {
  const [watch, setWatch] = useState<ImportWatch>({ job: null, error: null, offline: false });

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const job = await getImport(id, controller.signal);
        setWatch({ job, error: null, offline: false });
        if (ended(job)) return;
      } catch (caught) {
        if (controller.signal.aborted) return;
        if (caught instanceof ApiError && caught.status > 0 && caught.status < 500) {
          const errors = errorsOf(caught);
          const error = errors.message ?? Object.values(errors)[0] ?? 'Импорт не найден';
          setWatch((current) => ({ ...current, offline: false, error }));
          return;
        }
        setWatch((current) => ({ ...current, offline: true }));
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id]);

  return watch;
}
