import type { Sort } from 'contract';

/** `sort` as the API takes it: absent for the default (creation) order. */
export const sortQuery = (sort: Sort) => (sort === 'default' ? undefined : sort);
