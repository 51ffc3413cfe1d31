// Builds the Mantine theme from the active theme: each 50…900 colour scale is one Mantine
// ten-shade tuple; the background keys become CSS variables.
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import {
  COLOR_CATEGORIES,
  COLOR_SCALE_STEPS,
  type ColorCategory,
  DEFAULT_THEME_COLORS,
  type ThemeColorKey,
} from '#common/theme-defaults.ts';
import type { ThemeDto } from '#common/themes.ts';
import { phoneDialogClassNames } from '#web/components/phone-dialogs.ts';
import { t } from '#web/i18n/index.ts';

type Colors = Record<ThemeColorKey, string>;

export function themeColors(theme: Partial<ThemeDto> | undefined): Colors {
  const colors = { ...DEFAULT_THEME_COLORS };
  if (!theme) return colors;
  for (const key of Object.keys(colors) as ThemeColorKey[]) {
    const value = theme[key];
    if (typeof value === 'string' && value) colors[key] = value;
  }
  return colors;
}

function tuple(colors: Colors, category: ColorCategory): MantineColorsTuple {
  return COLOR_SCALE_STEPS.map(
    (step) => colors[`${category}_${step}`],
  ) as unknown as MantineColorsTuple;
}

export function buildMantineTheme(theme: Partial<ThemeDto> | undefined) {
  const colors = themeColors(theme);
  return createTheme({
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 5 },
    colors: Object.fromEntries(COLOR_CATEGORIES.map((c) => [c, tuple(colors, c)])),
    fontFamily: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    defaultRadius: 'md',
    // Every icon-only button Mantine draws gets a name in the current language (screen readers
    // otherwise announce a nameless "button"): dialog and drawer close, toast close, field clear,
    // and the colour picker's sliders.
    // (By name, not Component.extend: importing the components here would put them all in the
    // login page's first download.)
    components: {
      Modal: {
        defaultProps: { closeButtonProps: { 'aria-label': t('common.closeDialog') } },
        // Every dialog fits a phone (issue 26 point 6).
        classNames: phoneDialogClassNames,
      },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('common.closeDialog') } } },
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': t('common.closeNotification') } },
      },
      Select: { defaultProps: { clearButtonProps: { 'aria-label': t('common.clear') } } },
      MultiSelect: { defaultProps: { clearButtonProps: { 'aria-label': t('common.clear') } } },
      FileInput: { defaultProps: { clearButtonProps: { 'aria-label': t('common.clear') } } },
      // The picker inside every ColorInput (the theme editor): its sliders need names too.
      ColorPicker: {
        defaultProps: {
          saturationLabel: t('common.colorSaturation'),
          hueLabel: t('common.colorHue'),
        },
      },
    },
    other: {
      bgPrimary: colors.bg_primary,
      bgSecondary: colors.bg_secondary,
      bgTertiary: colors.bg_tertiary,
    },
  });
}

export function cssVariables(theme: Partial<ThemeDto> | undefined): CSSVariablesResolver {
  const colors = themeColors(theme);
  return () => ({
    variables: {
      '--app-bg-primary': colors.bg_primary,
      '--app-bg-secondary': colors.bg_secondary,
      '--app-bg-tertiary': colors.bg_tertiary,
    },
    light: {
      '--mantine-color-body': colors.bg_secondary,
      '--mantine-color-error': colors.error_600,
    },
    dark: {},
  });
}
