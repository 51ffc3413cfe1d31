// The dashboard: today's and the coming lessons of the caller.
import { z } from 'zod';
import { lessonSchema } from './lessons.ts';

/**
 * The whole day's lessons counted by the state they are shown in (web lesson-status.ts): not
 * started, running, held, past their end and not held, cancelled; `all` is their sum.
 */
export const todayCountsSchema = z.object({
  all: z.number(),
  pending: z.number(),
  active: z.number(),
  completed: z.number(),
  overdue: z.number(),
  cancelled: z.number(),
});
export type TodayCounts = z.infer<typeof todayCountsSchema>;

export const dashboardSchema = z.object({
  /**
   * Teachers and students: every lesson of their day. Admin and staff (a center's day can hold
   * hundreds): the next ones only, running or still to come, at most TODAY_NEXT_LIMIT, with
   * `todayCounts` for the whole day (product.md, Deviations).
   */
  today: z.array(lessonSchema),
  todayCounts: todayCountsSchema.optional(),
  upcoming: z.array(lessonSchema),
  /** The center's local date the lists were computed for (YYYY-MM-DD). */
  date: z.string(),
  timezone: z.string(),
  /** How long before its start a lesson may be started (the 'Bắt đầu' button waits until then). */
  earlyStartMinutes: z.number(),
});
export type DashboardDto = z.infer<typeof dashboardSchema>;
