const HEX = /^#([0-9a-f]{6})$/i;
const FALLBACK = '#f4f5f7';

/** The board colour if it is `#rrggbb`, else the API's default board colour. */
export function boardColor(color: string | undefined): string {
  return color && HEX.test(color) ? color : FALLBACK;
}

const DARK_TEXT = '#1f2937';
const DARK_LUMINANCE = 0.0215;

/** Whichever of dark text and white contrasts more with the colour (WCAG contrast ratio). */
export function textColorOn(color: string): string {
  const hex = boardColor(color).slice(1);
  const [r, g, b] = [0, 2, 4].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / (DARK_LUMINANCE + 0.05);
  return onDark >= onWhite ? DARK_TEXT : '#ffffff';
}
