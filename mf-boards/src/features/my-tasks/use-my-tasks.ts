import { useEffect, useState } from 'react';
import { watchNotifications } from 'shared-ui';
import { type LoadStatus, useLoad } from 'shared-ui/load';
import { getMyTasks, type MyTask } from './api/get-my-tasks';

export interface MyTasksState {
  status: LoadStatus;
  /** The last list received; kept while a reload runs and when a reload fails. */
  tasks: MyTask[] | null;
}

/**
 * The current user's tasks, read again (cheaply: the whole list, a newer request aborting an older
 * one) whenever a `notifications` event arrives (a due date came near or passed) and whenever the
 * page comes back into view or focus. Changes made elsewhere to the assignments or due dates show
 * then, not at once: no event exists for them outside a board's room.
 */
export function useMyTasks() {
  const { status, data, reload } = useLoad(getMyTasks);

  useEffect(() => {
    const load = () => void reload();
    const stop = watchNotifications(load);
    const onVisible = () => {
      if (document.visibilityState === 'visible') load();
    };
    window.addEventListener('focus', load);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      window.removeEventListener('focus', load);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reload]);

  return { status, tasks: data, reload };
}

/**
 * Renders the caller again every minute, so that tasks move between groups (and today's become
 * overdue) while the page stays open; the caller reads the clock as it renders.
 */
export function useMinuteTick(everyMs = 60_000) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
}
