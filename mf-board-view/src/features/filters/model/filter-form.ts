import { emptyFilters, type Filters } from '../../../shared/filters';

/** What the 'Фильтр по задачам' modal edits. */
export interface FilterForm {
  assignee: string[];
  label: string[];
  priority: string[];
  search: string;
}

export function filtersToForm(filters: Filters): FilterForm {
  return {
    assignee: [...filters.assignee],
    label: [...filters.label],
    priority: [...filters.priority],
    search: filters.search[0] ?? '',
  };
}

export function formToFilters(form: FilterForm): Filters {
  const search = form.search.trim();
  return {
    ...emptyFilters(),
    assignee: form.assignee,
    label: form.label,
    priority: form.priority,
    search: search ? [search] : [],
  };
}
