import type { Sort } from 'contract';
import { Select, type SelectOption } from 'shared-ui';
import { type BoardView, useViewSettings } from '../view-settings-store';
import './board-list.css';

const VIEW_OPTIONS: SelectOption[] = [
  { value: 'list', label: 'Список' },
  { value: 'cards', label: 'Карточки' },
];

const SORT_OPTIONS: SelectOption[] = [
  { value: 'default', label: 'По умолчанию' },
  { value: 'byNameASC', label: 'По алфавиту' },
  { value: 'byNameDESC', label: 'В обратном по алфавиту порядке' },
];

/** View mode and sort selectors; both are remembered in localStorage. */
export function BoardsToolbar() {
  const view = useViewSettings((state) => state.view);
  const sort = useViewSettings((state) => state.sort);
  const setView = useViewSettings((state) => state.setView);
  const setSort = useViewSettings((state) => state.setSort);

  return (
    <div className="boards-toolbar">
      <Select
        className="boards-toolbar__field boards-toolbar__field--view"
        label="Вид"
        name="view"
        options={VIEW_OPTIONS}
        value={view}
        onChange={(event) => setView(event.target.value as BoardView)}
      />
      <Select
        className="boards-toolbar__field boards-toolbar__field--sort"
        label="Сортировка"
        name="sort"
        options={SORT_OPTIONS}
        value={sort}
        onChange={(event) => setSort(event.target.value as Sort)}
      />
    </div>
  );
}
