import { useSearchParams } from 'react-router-dom';

/**
 * Clicking the current user's avatar or name on a page with the user filter toggles `assignee`: if the
 * only assignee is already the user it is removed, otherwise it becomes the user alone (SPEC 'Header').
 */
export function useAssigneeToggle(userId: number | null | undefined) {
  const [params, setParams] = useSearchParams();
  return () => {
    if (userId === null || userId === undefined) return;
    const me = String(userId);
    const current = params.getAll('assignee');
    const next = new URLSearchParams(params);
    next.delete('assignee');
    if (!(current.length === 1 && current[0] === me)) next.set('assignee', me);
    setParams(next);
  };
}
