// Colours of the default blue theme (product.md §1) and of every new theme (§9's defaults).
// The 50…900 steps follow the same palette family as §9's named values.

export const COLOR_SCALE_STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export const COLOR_CATEGORIES = ['primary', 'success', 'warning', 'error', 'gray'] as const;
export type ColorCategory = (typeof COLOR_CATEGORIES)[number];
export const BACKGROUND_KEYS = ['bg_primary', 'bg_secondary', 'bg_tertiary'] as const;

export type ThemeColorKey =
  | `${ColorCategory}_${(typeof COLOR_SCALE_STEPS)[number]}`
  | (typeof BACKGROUND_KEYS)[number];

export const THEME_COLOR_KEYS: readonly ThemeColorKey[] = [
  ...COLOR_CATEGORIES.flatMap((category) =>
    COLOR_SCALE_STEPS.map((step) => `${category}_${step}` as ThemeColorKey),
  ),
  ...BACKGROUND_KEYS,
];

/** Keys that a theme must carry as valid hex colours (product.md §5). */
export const REQUIRED_THEME_COLOR_KEYS: readonly ThemeColorKey[] = [
  'primary_500',
  'success_500',
  'error_500',
  'warning_500',
  'gray_500',
  'bg_primary',
  'bg_secondary',
];

const scale = (values: string[]) =>
  Object.fromEntries(COLOR_SCALE_STEPS.map((step, index) => [step, values[index]])) as Record<
    number,
    string
  >;

const palettes: Record<ColorCategory, Record<number, string>> = {
  primary: scale([
    '#eff6ff',
    '#dbeafe',
    '#bfdbfe',
    '#93c5fd',
    '#60a5fa',
    '#3b82f6',
    '#2563eb',
    '#1d4ed8',
    '#1e40af',
    '#1e3a8a',
  ]),
  success: scale([
    '#f0fdf4',
    '#dcfce7',
    '#bbf7d0',
    '#86efac',
    '#4ade80',
    '#22c55e',
    '#16a34a',
    '#15803d',
    '#166534',
    '#14532d',
  ]),
  warning: scale([
    '#fffbeb',
    '#fef3c7',
    '#fde68a',
    '#fcd34d',
    '#fbbf24',
    '#f59e0b',
    '#d97706',
    '#b45309',
    '#92400e',
    '#78350f',
  ]),
  error: scale([
    '#fef2f2',
    '#fee2e2',
    '#fecaca',
    '#fca5a5',
    '#f87171',
    '#ef4444',
    '#dc2626',
    '#b91c1c',
    '#991b1b',
    '#7f1d1d',
  ]),
  gray: scale([
    '#f9fafb',
    '#f3f4f6',
    '#e5e7eb',
    '#d1d5db',
    '#9ca3af',
    '#6b7280',
    '#4b5563',
    '#374151',
    '#1f2937',
    '#111827',
  ]),
};

export const DEFAULT_THEME_COLORS: Readonly<Record<ThemeColorKey, string>> = {
  ...(Object.fromEntries(
    COLOR_CATEGORIES.flatMap((category) =>
      COLOR_SCALE_STEPS.map((step) => [`${category}_${step}`, palettes[category][step]]),
    ),
  ) as Record<ThemeColorKey, string>),
  bg_primary: '#ffffff',
  bg_secondary: '#f8fafc',
  bg_tertiary: '#f1f5f9',
};

export const DEFAULT_THEME_NAME = 'Default Blue';

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
