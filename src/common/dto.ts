// What the API returns, as zod schemas (the server validates its replies with them) and their
// types (the web app imports only the types).
import { z } from 'zod';
import { ROLES } from './constants.ts';
import { PERMISSIONS } from './permissions.ts';
import { THEME_COLOR_KEYS, type ThemeColorKey } from './theme-defaults.ts';

export const userSchema = z.object({
  user_id: z.string(),
  auth_id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
  username: z.string(),
  is_active: z.boolean(),
  avatar_url: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
});
export type UserDto = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  user: userSchema,
  mustChangePassword: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type SessionDto = z.infer<typeof sessionSchema>;

export const userListSchema = z.object({
  items: z.array(userSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type UserListDto = z.infer<typeof userListSchema>;

export const createdUserSchema = z.object({
  user: userSchema,
  /** The generated password, shown once to the creator. */
  password: z.string(),
  reactivated: z.boolean(),
  message: z.string(),
});
export type CreatedUserDto = z.infer<typeof createdUserSchema>;

export const centerSettingsSchema = z.object({
  id: z.string(),
  center_name: z.string(),
  logo_url: z.string().nullable(),
  updated_at: z.string(),
});
export type CenterSettingsDto = z.infer<typeof centerSettingsSchema>;

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
