/**
 * The search box (its own chunk, loaded when it first opens): a dialog holding a combobox after the
 * WAI-ARIA pattern. The focus stays in the field; ArrowDown and ArrowUp (going round), then Home and End
 * move the active option (the field's aria-activedescendant), Enter opens it, Escape closes the box and
 * the dialog gives the focus back. Hits are grouped by board with the matched words in <mark>; archived
 * ones are marked and come after all others. Each option is a link, so a middle click opens a new tab.
 */
import type { SearchHit } from 'contract';
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, TextField } from 'shared-ui';
import { Modal } from 'shared-ui/widgets';
import { countText, groupHits, hitHref, kindTitle, readFragment } from '../search-results';
import { MIN_QUERY, useSearch } from '../use-search';
import './search-box.css';

export interface SearchBoxProps {
  /** The text in the field, kept by the header's button while the box is closed. */
  query: string;
  onQueryChange: (query: string) => void;
  onClose: () => void;
}

const HINT = 'Ищите по задачам, комментариям, чек-листам и названиям досок. Слова в кавычках — точная фраза.';
/** The API's `SEARCH_LIMITS.query` (contract/search, not imported: its schemas would bring typebox). */
const MAX_QUERY = 200;

export function SearchBox({ query, onQueryChange, onClose }: SearchBoxProps) {
  const { state, retry, loadMore } = useSearch(query);
  const navigate = useNavigate();
  const fieldRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-hit-${index}`;

  const groups = groupHits(state.hits);
  /** The hits as the list shows them: the order the arrows follow. */
  const order = groups.flatMap((group) => group.hits);
  const expanded = order.length > 0;

  const [active, setActive] = useState<number | null>(null);
  // Hits of another query: nothing is active until the arrows say so.
  const [shownQuery, setShownQuery] = useState(state.query);
  if (shownQuery !== state.query) {
    setShownQuery(state.query);
    setActive(null);
  }
  const activeHit = active === null ? undefined : state.hits[active];
  const activeId = activeHit && active !== null ? optionId(active) : undefined;

  // The query kept from the last time is selected, so typing replaces it.
  useEffect(() => fieldRef.current?.select(), []);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const open = (hit: SearchHit) => {
    onClose();
    navigate(hitHref(hit));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = order.length - 1;
    const at = activeHit && active !== null ? order.indexOf(active) : -1;
    let to: number | undefined;
    if (event.key === 'ArrowDown' && last >= 0) to = at < 0 || at === last ? 0 : at + 1;
    else if (event.key === 'ArrowUp' && last >= 0) to = at <= 0 ? last : at - 1;
    // Home and End move the caret until an option is active.
    else if (event.key === 'Home' && at >= 0) to = 0;
    else if (event.key === 'End' && at >= 0) to = last;
    else if (event.key === 'Enter' && activeHit) {
      event.preventDefault();
      open(activeHit);
      return;
    }
    if (to === undefined) return;
    event.preventDefault();
    setActive(order[to] ?? null);
  };

  const showMore = () => {
    void loadMore().then((first) => {
      if (first === null) return;
      // The first new hit is active, so the arrows go on from there.
      setActive(first);
      fieldRef.current?.focus();
    });
  };

  const idle = query.trim().length < MIN_QUERY;
  const failed = state.status === 'error' ? state.error : undefined;
  const status =
    state.status === 'loading'
      ? 'Ищем…'
      : state.status === 'success'
        ? countText(state.hits.length, Boolean(state.next))
        : '';

  return (
    <Modal onClose={onClose} ariaLabel="Поиск" width={600} className="shell-search">
      <TextField
        ref={fieldRef}
        className="shell-search__field"
        label="Поиск по всем доскам"
        name="q"
        value={query}
        onChange={(event) => {
          onQueryChange(event.target.value);
          setActive(null);
        }}
        hint={idle ? HINT : undefined}
        error={failed?.field ? failed.text : undefined}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={MAX_QUERY}
        onKeyDown={onKeyDown}
      />
      <p className="shell-search__status" role="status">
        {status}
      </p>
      {failed && !failed.field && (
        <div className="shell-search__error" role="alert">
          <p>{failed.text}</p>
          <Button variant="secondary" size="small" onClick={retry}>
            Повторить
          </Button>
        </div>
      )}
      <div
        id={listId}
        className="shell-search__list"
        role="listbox"
        aria-label="Результаты поиска"
        hidden={!expanded}
      >
        {groups.map((group) => {
          const name = group.archived ? `${group.boardName} — в архиве` : group.boardName;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options, not a form's fieldset
            <div key={group.key} role="group" aria-label={name}>
              <div className="shell-search__board" aria-hidden="true">
                {name}
              </div>
              {group.hits.map((index) => {
                const hit = state.hits[index];
                return hit ? (
                  <HitOption
                    key={index}
                    id={optionId(index)}
                    hit={hit}
                    active={index === active}
                    onFollow={onClose}
                  />
                ) : null;
              })}
            </div>
          );
        })}
      </div>
      {state.status === 'success' && state.next && (
        <div className="shell-search__more">
          {state.moreError && (
            <p className="shell-search__more-error" role="alert">
              {state.moreError}
            </p>
          )}
          <Button variant="secondary" size="small" fullWidth status={state.more} onClick={showMore}>
            Показать ещё
          </Button>
        </div>
      )}
    </Modal>
  );
}

interface HitOptionProps {
  id: string;
  hit: SearchHit;
  active: boolean;
  /** The link is followed here (the box closes). */
  onFollow: () => void;
}

function HitOption({ id, hit, active, onFollow }: HitOptionProps) {
  const { parts, sameAsTitle } = readFragment(hit);
  const fragment = <Marked parts={parts} />;
  const follow = (event: MouseEvent) => {
    // A click that opens a new tab leaves the box open.
    if (event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey)
      onFollow();
  };
  return (
    <Link
      id={id}
      to={hitHref(hit)}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      className="shell-search-hit"
      // The focus (and the caret) stays in the field.
      onMouseDown={(event) => event.preventDefault()}
      onClick={follow}
    >
      <span className="shell-search-hit__meta">
        <span className="shell-search-hit__kind">{kindTitle(hit.kind)}</span>
        {hit.columnName && (
          <>
            {' · '}
            <span className="shell-search-hit__column">{hit.columnName}</span>
          </>
        )}
        {hit.archived && (
          <>
            {' '}
            <span className="shell-search-hit__archived">В архиве</span>
          </>
        )}
      </span>{' '}
      <span className="shell-search-hit__title">{sameAsTitle ? fragment : hit.title}</span>
      {!sameAsTitle && (
        <>
          {' '}
          <span className="shell-search-hit__fragment">{fragment}</span>
        </>
      )}
    </Link>
  );
}

/** Text with the matched parts in <mark>: text nodes only, never markup from the server. */
function Marked({ parts }: { parts: { text: string; match: boolean }[] }) {
  let offset = 0;
  return parts.map((part) => {
    const key = offset;
    offset += part.text.length;
    return part.match ? <mark key={key}>{part.text}</mark> : <span key={key}>{part.text}</span>;
  });
}
