/**
 * The colour theme a user chose: 'system' follows prefers-color-scheme, 'light' and 'dark' override
 * it. Kept in localStorage 'theme' and shown as `<html data-theme="light|dark">`, which theme.css
 * keys its dark tokens on. The shell's page-start script (shell/src/federation/page-start.ts) applies
 * the same choice before the first paint; this module changes it from /settings and keeps it right
 * while the page is open (followThemeChanges). No imports: the shell's build reads THEME_STORAGE_KEY.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return THEME_CHOICES.includes(stored as ThemeChoice) ? (stored as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Sets `data-theme` on <html> for `choice`. */
export function applyTheme(choice: ThemeChoice = readThemeChoice()) {
  const dark = choice === 'dark' || (choice === 'system' && systemPrefersDark());
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** Stores the choice and applies it at once. */
export function saveThemeChoice(choice: ThemeChoice) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // storage refused: the choice holds for this page only
  }
  applyTheme(choice);
}

/**
 * Keeps `data-theme` right while the page is open: when the system scheme changes (for 'system') and
 * when another tab changes the choice. The first paint's theme comes from index.html's page-start
 * script; the shell calls this once it runs.
 */
export function followThemeChanges(): () => void {
  const media =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const apply = () => applyTheme();
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) apply();
  };
  media?.addEventListener('change', apply);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', apply);
    window.removeEventListener('storage', onStorage);
  };
}
