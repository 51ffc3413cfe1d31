// Parents (issue 29 point 1, docs/decisions/036-parents.md): what the API returns about a student's
// parents and a parent's children, and what adding a parent takes.
import { z } from 'zod';
import { noticeSchema } from './notice.ts';
import { pageOf } from './page.ts';
import { createUserInput, updateUserInput, userSchema } from './users.ts';

/** The most parents a student has. */
export const MAX_PARENTS_PER_STUDENT = 2;

/** A student's parent as the student's details show them. */
export const linkedParentSchema = z.object({
  user_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  linked_at: z.string(),
});
export type LinkedParentDto = z.infer<typeof linkedParentSchema>;
export const linkedParentsSchema = z.object({ items: z.array(linkedParentSchema) });

/** A parent's account with their children's names (the Parents page). */
export const parentWithChildrenSchema = userSchema.extend({
  children: z.array(z.object({ user_id: z.string(), full_name: z.string() })),
});
export type ParentWithChildrenDto = z.infer<typeof parentWithChildrenSchema>;
export const parentListSchema = pageOf(parentWithChildrenSchema);
export type ParentListDto = z.infer<typeof parentListSchema>;

/** A new parent's account, linked to the student in the same step. */
export const createParentInput = z.object({
  full_name: createUserInput.shape.full_name,
  email: createUserInput.shape.email,
  phone: updateUserInput.shape.phone,
});
export type CreateParentInput = z.infer<typeof createParentInput>;
export type CreateParentBody = z.input<typeof createParentInput>;

export const createdParentSchema = z.object({
  parent: linkedParentSchema,
  /** The first password, shown once to whoever added the parent. */
  password: z.string(),
  reactivated: z.boolean(),
  ...noticeSchema.shape,
});
export type CreatedParentDto = z.infer<typeof createdParentSchema>;

export const linkedReplySchema = z.object({
  /** false: the link was there already (linking twice is harmless). */
  linked: z.boolean(),
  ...noticeSchema.shape,
});
