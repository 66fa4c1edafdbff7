import type { ShowIdsMode } from 'contract';
import { create } from 'zustand';

/** The card's number as the board shows it: hidden, (n), [n], 'n.' or 'n ' (SPEC 'Board screen'). */
export function formatTaskNumber(mode: ShowIdsMode, number: number): string {
  switch (mode) {
    case 'circle':
      return `(${number})`;
    case 'square':
      return `[${number}]`;
    case 'dot':
      return `${number}.`;
    case 'space':
      return `${number} `;
    default:
      return '';
  }
}

const MODES: readonly ShowIdsMode[] = ['empty', 'circle', 'square', 'dot', 'space'];

/** Each display mode named by an example ('Не показывать', '(12)', ...): the board's settings and the personal choice. */
export const TASK_NUMBER_OPTIONS: { value: ShowIdsMode; label: string }[] = MODES.map((value) => ({
  value,
  label: value === 'empty' ? 'Не показывать' : formatTaskNumber(value, 12),
}));

/** The personal choice: the board's own mode ('board') or a mode of the user's that overrides it. */
export type TaskNumberStyle = 'board' | ShowIdsMode;

export const TASK_NUMBER_STYLE_KEY = 'taskNumberStyle';

const isStyle = (value: unknown): value is TaskNumberStyle =>
  value === 'board' || MODES.includes(value as ShowIdsMode);

function readStyle(): TaskNumberStyle {
  try {
    const stored = window.localStorage.getItem(TASK_NUMBER_STYLE_KEY);
    return isStyle(stored) ? stored : 'board';
  } catch {
    return 'board';
  }
}

interface TaskNumberStyleState {
  style: TaskNumberStyle;
  setStyle: (style: TaskNumberStyle) => void;
}

/**
 * The user's own task-number display (SPEC 'Local storage'): one choice for every board, kept in
 * localStorage; 'board' (the default) follows each board's `showIdsMode`.
 */
export const useTaskNumberStyle = create<TaskNumberStyleState>()((set) => ({
  style: readStyle(),
  setStyle: (style) => {
    try {
      if (style === 'board') window.localStorage.removeItem(TASK_NUMBER_STYLE_KEY);
      else window.localStorage.setItem(TASK_NUMBER_STYLE_KEY, style);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    set({ style });
  },
}));

/** The mode the cards use: the user's own choice, else the board's. */
export const effectiveMode = (style: TaskNumberStyle, boardMode: ShowIdsMode): ShowIdsMode =>
  style === 'board' ? boardMode : style;
