// One's own profile.
import { z } from 'zod';
import { MAX_NAME_LENGTH } from './fields.ts';
import { codes } from './messages.ts';

export const updateProfileInput = z.object({
  full_name: z
    .string({ error: codes.FULL_NAME_REQUIRED })
    .trim()
    .min(1, codes.FULL_NAME_REQUIRED)
    .max(MAX_NAME_LENGTH, codes.VALIDATION),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
