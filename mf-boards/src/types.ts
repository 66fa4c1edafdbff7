/** Shapes of docs/api.md used by more than one feature of this remote. */

export type BoardSort = 'default' | 'byNameASC' | 'byNameDESC';

export interface BoardListItem {
  id: number;
  name: string;
  color: string;
}

/** `sort` as the API takes it: absent for the default (creation) order. */
export const sortQuery = (sort: BoardSort) => (sort === 'default' ? undefined : sort);
