// One's own profile.
import { z } from 'zod';
import { MAX_NAME_LENGTH } from './fields.ts';
import { messages } from './messages.ts';

export const updateProfileInput = z.object({
  full_name: z
    .string({ error: messages.FULL_NAME_REQUIRED })
    .trim()
    .min(1, messages.FULL_NAME_REQUIRED)
    .max(MAX_NAME_LENGTH, messages.VALIDATION),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
