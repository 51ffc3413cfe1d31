import { describe, expect, test } from 'vitest';
import { COLOR_SCALE_STEPS } from '#common/theme-defaults.ts';
import {
  contrastRatio,
  darkerForWhiteText,
  MIN_TEXT_CONTRAST,
  relativeLuminance,
  shadesFrom,
  whiteTextReadableOn,
} from '#common/theme-shades.ts';

const picks = [
  '#2563eb',
  '#16a34a',
  '#ffeb3b',
  '#e11d48',
  '#7c3aed',
  '#0f766e',
  '#808080',
  '#f5a3c7',
];

describe('ten shades from one colour', () => {
  test.each(picks)('the picked %s sits at 600, lighter above, darker below', (picked) => {
    const shades = shadesFrom(picked);
    expect(Object.keys(shades).map(Number)).toEqual([...COLOR_SCALE_STEPS]);
    expect(shades[600]).toBe(picked);
    const luminances = COLOR_SCALE_STEPS.map((step) => relativeLuminance(shades[step]));
    for (let i = 1; i < luminances.length; i++) {
      expect(luminances[i], `shade ${COLOR_SCALE_STEPS[i]} of ${picked}`).toBeLessThan(
        luminances[i - 1] as number,
      );
    }
    for (const shade of Object.values(shades)) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    // The palest is nearly white, the darkest clearly dark: a usable background and text colour.
    expect(relativeLuminance(shades[50])).toBeGreaterThan(0.8);
    expect(contrastRatio('#ffffff', shades[900])).toBeGreaterThan(contrastRatio('#ffffff', picked));
  });

  test('a short hex code and capitals are the same colour', () => {
    expect(shadesFrom('#F00')).toEqual(shadesFrom('#ff0000'));
  });

  test('something that is not a hex colour is refused', () => {
    expect(() => shadesFrom('blue')).toThrow();
  });
});

describe('white text on the primary colour', () => {
  test('contrast ratios are those of WCAG 2.x', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Known pairs: white on #2563eb is 5.17, on #3b82f6 3.68.
    expect(contrastRatio('#ffffff', '#2563eb')).toBeCloseTo(5.17, 2);
    expect(contrastRatio('#3b82f6', '#ffffff')).toBeCloseTo(3.68, 2);
  });

  test('a light colour fails and its suggested darker shade passes, same hue', () => {
    for (const light of ['#ffeb3b', '#3b82f6', '#f5a3c7', '#22c55e']) {
      expect(whiteTextReadableOn(light)).toBe(false);
      const darker = darkerForWhiteText(light);
      expect(contrastRatio('#ffffff', darker)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // The nearest such shade, not black: barely over the line.
      expect(contrastRatio('#ffffff', darker)).toBeLessThan(MIN_TEXT_CONTRAST + 0.4);
      expect(relativeLuminance(darker)).toBeLessThan(relativeLuminance(light));
    }
  });

  test('a colour that already passes is its own suggestion', () => {
    expect(whiteTextReadableOn('#2563eb')).toBe(true);
    expect(darkerForWhiteText('#2563eb')).toBe('#2563eb');
  });
});
