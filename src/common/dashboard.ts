// The dashboard: today's and the coming lessons of the caller.
import { z } from 'zod';
import { lessonSchema } from './lessons.ts';

export const dashboardSchema = z.object({
  today: z.array(lessonSchema),
  upcoming: z.array(lessonSchema),
  /** The center's local date the lists were computed for (YYYY-MM-DD). */
  date: z.string(),
  timezone: z.string(),
  /** How long before its start a lesson may be started (the 'Bắt đầu' button waits until then). */
  earlyStartMinutes: z.number(),
});
export type DashboardDto = z.infer<typeof dashboardSchema>;
