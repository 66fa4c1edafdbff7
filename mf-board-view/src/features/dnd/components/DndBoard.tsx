/**
 * The board's canvas: its columns and cards, and drag and drop attached right after the first paint.
 *
 * @dnd-kit and the board's drag logic (SortableBoard, about 20 KB gzip) are not needed to show the
 * board, so the canvas first draws StaticColumns (the same markup as the sortable ones at rest) and
 * loads SortableBoard while the browser is idle, or at once on a press that could start a drag
 * (early-press.ts keeps that press and replays it). Attaching re-renders the columns; what the user
 * could see of the change is carried over: each list's scroll, the cards on screen (no placeholders
 * for a frame) and the focus. It waits while a mouse button is held still (a click in progress) and
 * while a column's form holds typed text, which would be lost. A big board (isBigBoard) is drawn once
 * instead: the board screen asks for drag and drop as the headers of its data arrive (they name the
 * number of tasks), and DndBoard waits for it (BIG_BOARD_WAIT_MS at most).
 *
 * A role that may not edit (a commenter, a viewer) gets the static columns for good, read-only: no
 * grips, no drag handles, no pointer or keyboard drags, and DndBoard does not load drag and drop.
 * The role is the live board's: when it changes, drag and drop is loaded and attached, or dropped,
 * at once.
 */
import type { Board, Column } from 'contract';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useIdleAfterPaint } from 'shared-ui/lazy';
import { useBoardState, useBoardStoreApi } from '../../../shared/board-context';
import { useCan } from '../../../shared/roles';
import { createColumnVisibility } from '../model/column-visibility';
import { createEarlyPresses, type EarlyPresses } from '../model/early-press';
import { columnSelector, slotSelector } from '../model/ids';
import type { ColumnRenderers } from './ColumnFrame';
import { EarlyPressContext, StaticColumn } from './StaticColumn';
import './dnd.css';

type SortableModule = typeof import('./SortableBoard');

let loaded: SortableModule | null = null;
let loading: Promise<SortableModule> | null = null;

/** Loads drag and drop; a board rendered after it has loaded attaches it from the start (tests). */
export function loadDragAndDrop(): Promise<SortableModule> {
  loading ??= import('./SortableBoard').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const NO_IDS: string[] = [];
const NO_COLUMNS: Record<string, Column> = {};
const NO_CARDS: ReadonlySet<string> = new Set();
const RETRY_MS = 1000;
/**
 * A board this big is drawn once, with drag and drop, rather than twice: waiting a little for drag and
 * drop (fetched as the board arrives) costs less than rendering its cards again once it is here.
 */
const BIG_BOARD_CARDS = 1000;
const BIG_BOARD_WAIT_MS = 300;

/** A board of `taskCount` tasks is drawn once, with drag and drop (see BIG_BOARD_CARDS). */
export function isBigBoard(taskCount: number): boolean {
  return taskCount >= BIG_BOARD_CARDS;
}

const taskCount = (board: Board | null) => (board ? Object.keys(board.tasks).length : 0);

const FOCUSABLE = 'a[href], button, input, textarea, select, [tabindex]';

/** What the user could see of the static columns, to be carried over to the sortable ones. */
interface Snapshot {
  shown: Set<string>;
  scroll: Map<string, number>;
  focus: { selector: string; index: number } | null;
}

function snapshot(canvas: HTMLElement): Snapshot {
  const shown = new Set<string>();
  for (const slot of canvas.querySelectorAll<HTMLElement>('[data-slot]')) {
    if (slot.dataset.slot && !slot.querySelector(':scope > .bv-slot__placeholder'))
      shown.add(slot.dataset.slot);
  }
  const scroll = new Map<string, number>();
  for (const section of canvas.querySelectorAll<HTMLElement>('section[data-column-id]')) {
    const top = section.querySelector('.bv-column__list')?.scrollTop ?? 0;
    if (top > 0 && section.dataset.columnId) scroll.set(section.dataset.columnId, top);
  }
  let focus: Snapshot['focus'] = null;
  const active = document.activeElement;
  const slot = active?.closest<HTMLElement>('[data-slot]');
  const section = active?.closest<HTMLElement>('section[data-column-id]');
  const container = slot ?? section;
  if (active && container && canvas.contains(container)) {
    const selector = slot
      ? slotSelector(slot.dataset.slot ?? '')
      : columnSelector(section?.dataset.columnId ?? '');
    focus = { selector, index: [...container.querySelectorAll(FOCUSABLE)].indexOf(active) };
  }
  return { shown, scroll, focus };
}

function restore(canvas: HTMLElement, { scroll, focus }: Snapshot) {
  for (const [columnId, top] of scroll) {
    const list = canvas.querySelector(`${columnSelector(columnId)} .bv-column__list`);
    if (list) list.scrollTop = top;
  }
  if (focus && focus.index >= 0) {
    const target = canvas.querySelector(focus.selector)?.querySelectorAll<HTMLElement>(FOCUSABLE)[
      focus.index
    ];
    target?.focus({ preventScroll: true });
  }
}

/** A column's form with typed text (an open add-card form): re-rendering it now would lose the text. */
function typing(canvas: HTMLElement): boolean {
  for (const field of canvas.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'section input:not([type="checkbox"]):not([type="radio"]), section textarea',
  )) {
    if (field.value !== '') return true;
  }
  return false;
}

export interface DndBoardProps extends ColumnRenderers {
  /** Rendered after the last column ('Создать новую колонку'). */
  after?: ReactNode;
}

export function DndBoard({ after, ...renderers }: DndBoardProps) {
  const canEdit = useCan('edit');
  const columnOrder = useBoardState((state) => state.board?.columnOrder ?? NO_IDS);
  const columns = useBoardState((state) => state.board?.columns ?? NO_COLUMNS);
  const [columnVisibility] = useState(createColumnVisibility);
  useEffect(() => () => columnVisibility.disconnect(), [columnVisibility]);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [sortable, setSortable] = useState<SortableModule | null>(() => loaded);
  const store = useBoardStoreApi();
  const [bigBoardWait, setWaiting] = useState(() => !loaded && isBigBoard(taskCount(store.getState().board)));
  // Only a board that will be sortable waits for drag and drop.
  const waiting = bigBoardWait && canEdit;
  const [shownCards, setShownCards] = useState(NO_CARDS);
  const carried = useRef<Snapshot | null>(null);
  const earlyRef = useRef<EarlyPresses | null>(null);
  const attached = useRef(loaded !== null);
  const mounted = useRef(false);
  const stopWaiting = useRef<(() => void) | null>(null);

  const attach = useCallback(function attach(module: SortableModule) {
    const canvas = canvasRef.current;
    const early = earlyRef.current;
    if (!canvas || !early || attached.current || !mounted.current) return;
    stopWaiting.current?.();
    if (early.holding()) {
      early.whenFree(() => attach(module));
      return;
    }
    if (typing(canvas)) {
      const timer = setTimeout(() => attach(module), RETRY_MS);
      stopWaiting.current = () => clearTimeout(timer);
      return;
    }
    attached.current = true;
    carried.current = snapshot(canvas);
    setShownCards(carried.current.shown);
    setSortable(module);
  }, []);

  // Attached as soon as it has loaded: the sooner the cards are re-rendered, the less anyone (a person,
  // a script holding an element) meets the change.
  const fetching = useRef(false);
  const request = useCallback(
    function request() {
      if (fetching.current) return;
      fetching.current = true;
      loadDragAndDrop().then(attach, () => {
        // Offline or a failed deploy: try again (a press asks at once).
        fetching.current = false;
        const timer = setTimeout(request, RETRY_MS);
        stopWaiting.current = () => clearTimeout(timer);
      });
    },
    [attach],
  );

  const [early] = useState(() => createEarlyPresses(() => request()));
  earlyRef.current = early;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      early.dispose();
      stopWaiting.current?.();
    };
  }, [early]);

  // Loaded once the board has been painted and the browser is idle; a big board asks at once and
  // waits. Attached before that paint, it replaced columns the browser had not drawn yet: their first
  // paint then came after drag and drop's chunk, and so did the page's largest paint (Lighthouse's
  // LCP on a board moved by 300 ms from one run to the next).
  const settled = useIdleAfterPaint(!waiting);
  useEffect(() => {
    if (loaded || !canEdit) return;
    if (!waiting) {
      if (settled) request();
      return;
    }
    request();
    const timer = setTimeout(() => setWaiting(false), BIG_BOARD_WAIT_MS);
    // Attaching ends the wait: no timer is then left to fire, and re-render, as the board settles.
    stopWaiting.current = () => clearTimeout(timer);
    return () => clearTimeout(timer);
  }, [request, waiting, settled, canEdit]);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!sortable || !canvas || !carried.current) return;
    restore(canvas, carried.current);
    carried.current = null;
  }, [sortable]);

  // After dnd-kit's own effects have registered the cards and columns.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (sortable && canvas) early.replay(canvas);
  }, [sortable, early]);

  return (
    <div ref={canvasRef} className="bv-canvas">
      {sortable && canEdit ? (
        <sortable.SortableBoard columnVisibility={columnVisibility} shownCards={shownCards} {...renderers} />
      ) : waiting ? null : (
        <EarlyPressContext.Provider value={canEdit ? early : null}>
          {columnOrder.map((columnId, index) => (
            <StaticColumn
              key={columnId}
              columnId={columnId}
              index={index}
              taskIds={columns[columnId]?.taskIds ?? NO_IDS}
              columnVisibility={columnVisibility}
              shownCards={shownCards}
              readOnly={!canEdit}
              {...renderers}
            />
          ))}
        </EarlyPressContext.Provider>
      )}
      {after}
    </div>
  );
}
