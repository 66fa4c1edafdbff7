/** '#rrggbb' (or '#rgb') to [r, g, b]; null for anything else. */
export function parseHex(color: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG relative luminance of `color` ('#rrggbb' or '#rgb'); null for anything else. */
export function luminance(color: string): number | null {
  const rgb = parseHex(color);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21); 1 when either is not a hex colour. */
export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const DARK_TEXT = '#172033';
const WHITE = '#ffffff';
const BLACK = '#000000';
/** WCAG AA for normal text. */
const AA = 4.5;
/**
 * textOn's answers: a board's few label colours come up on every card it draws (hundreds on a big
 * board's first screen).
 */
const textColors = new Map<string, string>();
const MAX_REMEMBERED = 256;

/** True when dark text reads better than white on `background`. */
export function isLight(background: string): boolean {
  if (luminance(background) === null) return true;
  return contrast(DARK_TEXT, background) >= contrast(WHITE, background);
}

/**
 * Text colour for `background`, chosen by contrast: white or the product's dark text, whichever
 * reads better; on mid-tones where neither reaches 4.5:1 (a label colour picked by a user), black,
 * which always does (against any colour, the better of black and white is at least 4.58:1).
 */
export function textOn(background: string): string {
  let text = textColors.get(background);
  if (text === undefined) {
    text = isLight(background) ? DARK_TEXT : WHITE;
    if (contrast(text, background) < AA)
      text = contrast(BLACK, background) >= contrast(WHITE, background) ? BLACK : WHITE;
    if (textColors.size >= MAX_REMEMBERED) textColors.clear();
    textColors.set(background, text);
  }
  return text;
}
