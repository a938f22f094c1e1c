import { DEFAULT_PROGRAM_COLOR } from '#shared/content/builtin';

/**
 * WCAG 2.x contrast maths and accessible shades of content colours (programs' colours come from the
 * CMS and may be any hex). Pure: the same answer in the prerender and in the browser.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG AA minimum for normal text (and for white text on a coloured button). */
export const AA_TEXT_CONTRAST = 4.5;

const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (alpha ignored) as RGB; undefined for anything else. */
export function parseHex(color: string | null | undefined): Rgb | undefined {
  const m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec((color ?? '').trim());
  if (!m) return undefined;
  let hex = m[1];
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
  return {
    r: Number.parseInt(hex.slice(0, 2), 16),
    g: Number.parseInt(hex.slice(2, 4), 16),
    b: Number.parseInt(hex.slice(4, 6), 16),
  };
}

/** `#rrggbb` (lower case). */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG relative luminance (0 = black, 1 = white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `a` moved the fraction `t` of the way to `b`, channel by channel (t = 1 is `b`). */
function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

/**
 * `color` (hex) as it is when it already contrasts `minRatio` with `background`, else the same colour
 * mixed with black (with white on a dark background) just enough to reach it: the hue stays, only
 * the shade changes. The result is a `#rrggbb` whose contrast, after rounding, is at least
 * `minRatio`. An invalid colour stands for `fallback` (the default program colour #2563eb).
 */
export function accessibleShade(
  color: string | null | undefined,
  { background = '#ffffff', minRatio = AA_TEXT_CONTRAST, fallback = DEFAULT_PROGRAM_COLOR } = {},
): string {
  const rgb = parseHex(color) ?? parseHex(fallback) ?? (parseHex(DEFAULT_PROGRAM_COLOR) as Rgb);
  const bg = parseHex(background) ?? WHITE;
  const passes = (hex: string) => contrastRatio(parseHex(hex) as Rgb, bg) >= minRatio;
  const original = toHex(rgb);
  if (passes(original)) return original;
  const target = relativeLuminance(bg) > 0.18 ? { r: 0, g: 0, b: 0 } : WHITE;
  // Binary search for the least mix that passes (t = 1, black or white, passes or nothing does).
  let low = 0;
  let high = 1;
  for (let i = 0; i < 20; i++) {
    const mid = (low + high) / 2;
    if (passes(toHex(mix(rgb, target, mid)))) high = mid;
    else low = mid;
  }
  return toHex(mix(rgb, target, high));
}

/** Colours of a coloured card on white: the colour itself as an accent, and its accessible shade for text. */
export interface ColorPalette {
  /** The colour as given (or the default when invalid): bars, borders, icons. */
  accent: string;
  /** Text on white and the background of white button text: contrast >= 4.5:1 either way. */
  ink: string;
}

export function accessiblePalette(color: string | null | undefined, fallback = DEFAULT_PROGRAM_COLOR): ColorPalette {
  const valid = parseHex(color) ? (color as string).trim() : fallback;
  // White text on the shade has the same contrast as the shade on white, so one shade serves both.
  return { accent: valid, ink: accessibleShade(valid, { fallback }) };
}
