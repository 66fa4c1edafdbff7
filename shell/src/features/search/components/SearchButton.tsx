/**
 * The header's search: a button that looks like a field ('Поиск', Ctrl K), an icon alone on narrow
 * screens, and the keys that open the box from anywhere (Ctrl+K or Cmd+K; '/' outside a text field).
 * Only this is in the shell's first load: the box is its own chunk, fetched when the pointer or the
 * focus reaches the button, or when the box first opens. The query lives here, so closing and opening
 * the box again keeps it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Spinner } from 'shared-ui';
import { retryImport } from 'shared-ui/lazy';
import { isSearchShortcut, shortcutKeys } from '../shortcut';
import './search-button.css';

let boxChunk: Promise<typeof import('./SearchBox')> | null = null;
/** The box's chunk, asked for once (a failed load is asked for again until it arrives). */
const loadBox = () => {
  boxChunk ??= retryImport(() => import('./SearchBox'));
  return boxChunk;
};
const SearchBox = lazy(() => loadBox().then((module) => ({ default: module.SearchBox })));

function SearchIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.25 4.24a1 1 0 0 1-1.42 1.42l-4.24-4.25A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z"
      />
    </svg>
  );
}

export function SearchButton() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const keys = shortcutKeys();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        className="shell-search-button"
        aria-label="Поиск"
        aria-haspopup="dialog"
        aria-keyshortcuts={keys.aria}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadBox()}
        onFocus={() => void loadBox()}
      >
        <SearchIcon />
        {/* The name is the label's 'Поиск' alone: the keys are in aria-keyshortcuts. */}
        <span className="shell-search-button__text">Поиск</span>
        <kbd className="shell-search-button__keys">{keys.hint}</kbd>
      </button>
      {open && (
        <Suspense
          fallback={
            <div className="shell-search-loading">
              <Spinner label="Загрузка поиска" />
            </div>
          }
        >
          <SearchBox query={query} onQueryChange={setQuery} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
