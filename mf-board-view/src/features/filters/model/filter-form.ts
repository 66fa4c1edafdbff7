import { emptyFilters, type Filters } from '../../../shared/filters';

/** What the 'Фильтр по задачам' modal edits. */
export interface FilterForm {
  assignee: string[];
  label: string[];
  priority: string[];
  due: string[];
  /** One field per `search` value of the URL (several may repeat), at least one. */
  search: string[];
}

/** The due filter's values (the API's `due`) as the modal names them. */
export const DUE_OPTIONS = [
  { value: 'overdue', label: 'Просрочено' },
  { value: 'today', label: 'Сегодня' },
  { value: 'week', label: 'Эта неделя' },
  { value: 'none', label: 'Без срока' },
] as const;

export function filtersToForm(filters: Filters): FilterForm {
  return {
    assignee: [...filters.assignee],
    label: [...filters.label],
    priority: [...filters.priority],
    due: [...filters.due],
    search: filters.search.length > 0 ? [...filters.search] : [''],
  };
}

export function formToFilters(form: FilterForm): Filters {
  return {
    ...emptyFilters(),
    assignee: form.assignee,
    label: form.label,
    priority: form.priority,
    due: form.due,
    search: form.search.map((value) => value.trim()).filter((value) => value !== ''),
  };
}
