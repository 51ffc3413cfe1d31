// The center's settings: its name and logo.
import { z } from 'zod';
import { MAX_NAME_LENGTH } from './fields.ts';
import { codes } from './messages.ts';

export const centerSettingsSchema = z.object({
  id: z.string(),
  center_name: z.string(),
  logo_url: z.string().nullable(),
  updated_at: z.string(),
});
export type CenterSettingsDto = z.infer<typeof centerSettingsSchema>;

export const centerSettingsInput = z.object({
  center_name: z
    .string({ error: codes.CENTER_NAME_REQUIRED })
    .trim()
    .min(1, codes.CENTER_NAME_REQUIRED)
    .max(MAX_NAME_LENGTH, codes.VALIDATION),
});
export type CenterSettingsInput = z.infer<typeof centerSettingsInput>;
