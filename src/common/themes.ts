// Colour themes: what the API returns and the rules of §5 for creating and changing one.
import { z } from 'zod';
import { codes } from './messages.ts';
import {
  HEX_COLOR,
  REQUIRED_THEME_COLOR_KEYS,
  THEME_COLOR_KEYS,
  type ThemeColorKey,
} from './theme-defaults.ts';

const colorShape = Object.fromEntries(
  THEME_COLOR_KEYS.map((key) => [key, z.string().nullable()]),
) as Record<ThemeColorKey, z.ZodNullable<z.ZodString>>;

export const themeSchema = z.object({
  theme_id: z.string(),
  theme_name: z.string(),
  description: z.string().nullable(),
  is_default: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  ...colorShape,
});
export type ThemeDto = z.infer<typeof themeSchema>;

const colorValue = z.string().max(7);
const themeColorShape = Object.fromEntries(
  THEME_COLOR_KEYS.map((key) => [key, colorValue.optional()]),
) as Record<ThemeColorKey, z.ZodOptional<typeof colorValue>>;

/** The theme rules of §5; `requireAllRequiredColors` is false for partial updates. */
function themeInput(requireAllRequiredColors: boolean) {
  return z
    .object({
      theme_name: z
        .string({ error: codes.THEME_NAME_REQUIRED })
        .trim()
        .min(1, codes.THEME_NAME_REQUIRED)
        .min(3, codes.THEME_NAME_TOO_SHORT)
        .max(60, codes.VALIDATION),
      description: z.string().trim().max(500, codes.VALIDATION).nullish(),
      ...themeColorShape,
    })
    .superRefine((value, ctx) => {
      for (const key of THEME_COLOR_KEYS) {
        const color = value[key];
        const required = requireAllRequiredColors && REQUIRED_THEME_COLOR_KEYS.includes(key);
        if ((color === undefined && required) || (color !== undefined && !HEX_COLOR.test(color))) {
          ctx.addIssue({
            code: 'custom',
            message: codes.THEME_COLOR_INVALID,
            path: [key],
            params: { key },
          });
        }
      }
    });
}
export const createThemeInput = themeInput(true);
export const updateThemeInput = themeInput(false);
export type ThemeInput = z.infer<typeof createThemeInput>;
export type CreateThemeInput = ThemeInput;
export type UpdateThemeInput = z.infer<typeof updateThemeInput>;
