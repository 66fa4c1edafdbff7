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

/** True when dark text reads better than white on `background` (WCAG relative luminance). */
export function isLight(background: string): boolean {
  const rgb = parseHex(background);
  if (!rgb) return true;
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4;
}

/** Text colour for `background`. */
export function textOn(background: string): string {
  return isLight(background) ? '#172033' : '#ffffff';
}
