// A theme from one colour (issue 26 point 5): the ten shades of a colour scale made from the one
// colour the admin picks, and the contrast check of white text on it (WCAG 2.x).
//
// The shades are spread in OKLCH, where equal steps of lightness look equal to the eye (HSL's
// yellow and blue at "50 %" are far apart). The picked colour is kept as it is at the 600 slot,
// the shade Mantine's filled buttons use here (mantine-theme.ts: primaryShade light 6), as
// Mantine's own generator keeps the base colour at its primary shade; the lighter shades move its
// lightness toward white, the darker ones toward black, with chroma eased off at both ends so the
// palest and the darkest stay inside sRGB without turning grey.
import { COLOR_SCALE_STEPS } from './theme-defaults.ts';

type ScaleStep = (typeof COLOR_SCALE_STEPS)[number];

/** The slot of the scale that holds the picked colour unchanged. */
export const PICKED_COLOR_STEP: ScaleStep = 600;

/** WCAG 2.x AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];
type Oklch = { l: number; c: number; h: number };

/** '#abc' or '#aabbcc' (any case) as 0…1 channels; null for anything else. */
export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const code = match?.[1];
  if (!code) return null;
  const digits = code.length === 3 ? [...code].map((digit) => digit + digit).join('') : code;
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16) / 255) as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(1, Math.max(0, channel)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const toLinear = (channel: number) =>
  channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
const fromLinear = (channel: number) =>
  channel <= 0.0031308 ? channel * 12.92 : 1.055 * channel ** (1 / 2.4) - 0.055;

// OKLab from linear sRGB and back (Björn Ottosson's matrices, https://bottosson.github.io/posts/oklab/).
function toOklch(rgb: Rgb): Oklch {
  const [r, g, b] = rgb.map(toLinear) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

/** sRGB channels (gamma-encoded), outside 0…1 when the colour is out of sRGB's gamut. */
function fromOklch({ l: L, c, h }: Oklch): Rgb {
  const A = c * Math.cos(h);
  const B = c * Math.sin(h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707602527 * s,
  ].map(fromLinear) as Rgb;
}

const inGamut = (rgb: Rgb) => rgb.every((channel) => channel >= -1e-4 && channel <= 1 + 1e-4);

/** The colour at this lightness and hue, its chroma lowered until sRGB can show it. */
function displayable(color: Oklch): string {
  let low = 0;
  let high = color.c;
  if (inGamut(fromOklch(color))) return toHex(fromOklch(color));
  for (let i = 0; i < 24; i++) {
    const mid = (low + high) / 2;
    if (inGamut(fromOklch({ ...color, c: mid }))) low = mid;
    else high = mid;
  }
  return toHex(fromOklch({ ...color, c: low }));
}

// How far each lighter shade goes from the picked colour toward white (50 nearest white), and
// how much of the picked lightness each darker shade keeps; chroma is eased off at both ends.
const TOWARD_WHITE: Partial<Record<ScaleStep, number>> = {
  50: 0.93,
  100: 0.84,
  200: 0.7,
  300: 0.52,
  400: 0.33,
  500: 0.15,
};
const KEEP_DARK: Partial<Record<ScaleStep, number>> = { 700: 0.87, 800: 0.74, 900: 0.62 };
const CHROMA: Record<ScaleStep, number> = {
  50: 0.12,
  100: 0.25,
  200: 0.45,
  300: 0.7,
  400: 0.88,
  500: 0.97,
  600: 1,
  700: 0.95,
  800: 0.85,
  900: 0.75,
};

/**
 * The ten shades 50…900 of a scale from one colour: the colour itself at 600, lighter above,
 * darker below (strictly, for any colour that is neither white nor black). Throws on a colour
 * that is not a hex code.
 */
export function shadesFrom(hex: string): Record<ScaleStep, string> {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a hex colour: ${hex}`);
  const picked = toOklch(rgb);
  const shades = {} as Record<ScaleStep, string>;
  for (const step of COLOR_SCALE_STEPS) {
    if (step === PICKED_COLOR_STEP) {
      shades[step] = toHex(rgb);
      continue;
    }
    const lighter = TOWARD_WHITE[step];
    const l =
      lighter !== undefined
        ? picked.l + (1 - picked.l) * lighter
        : picked.l * (KEEP_DARK[step] as number);
    shades[step] = displayable({ l, c: picked.c * CHROMA[step], h: picked.h });
  }
  return shades;
}

/** The relative luminance of WCAG 2.x. */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a hex colour: ${hex}`);
  const [r, g, b] = rgb.map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1…21). */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return ((light as number) + 0.05) / ((dark as number) + 0.05);
}

/** Whether white text on this background reaches AA for normal text. */
export function whiteTextReadableOn(background: string): boolean {
  return contrastRatio('#ffffff', background) >= MIN_TEXT_CONTRAST;
}

/**
 * The nearest darker colour of the same hue and colourfulness on which white text reaches AA:
 * the colour itself when it already does.
 */
export function darkerForWhiteText(hex: string): string {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a hex colour: ${hex}`);
  if (whiteTextReadableOn(toHex(rgb))) return toHex(rgb);
  const start = toOklch(rgb);
  for (let l = start.l; l > 0; l -= 0.005) {
    const candidate = displayable({ ...start, l });
    if (whiteTextReadableOn(candidate)) return candidate;
  }
  return '#000000';
}
