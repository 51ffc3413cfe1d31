// A parent's view of their children (issue 29, docs/decisions/036-parents.md).
import { z } from 'zod';
import { lessonSchema } from './lessons.ts';

export const childSchema = z.object({
  user_id: z.string(),
  full_name: z.string(),
  avatar_url: z.string().nullable(),
  /** The child's active classes, by name. */
  classes: z.array(z.object({ class_id: z.string(), class_name: z.string() })),
  /** What the child's tuition account owes (positive) or holds as credit (negative). */
  balance: z.number().int(),
});
export type ChildDto = z.infer<typeof childSchema>;

export const childListSchema = z.object({ items: z.array(childSchema) });
export type ChildListDto = z.infer<typeof childListSchema>;

/** How far the child's lessons page reaches: the past weeks' lessons and the coming ones. */
export const CHILD_LESSONS_PAST_DAYS = 60;
export const CHILD_LESSONS_LIMIT = 300;

export const childLessonsSchema = z.object({
  items: z.array(lessonSchema),
  timezone: z.string(),
});
export type ChildLessonsDto = z.infer<typeof childLessonsSchema>;
