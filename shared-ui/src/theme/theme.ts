/**
 * The colour theme a user chose: 'system' follows prefers-color-scheme, 'light' and 'dark' override
 * it. Kept in localStorage 'theme' and shown as `<html data-theme="light|dark">`, which theme.css
 * keys its dark tokens on. The shell's public/theme.js applies the same choice before the first paint
 * (and follows the system and other tabs); this module changes it from /settings.
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
