// Starting and joining a lesson's meeting: what the meeting page receives.
import { z } from 'zod';

/**
 * What the browser needs to open a lesson's meeting: on this app's meeting page (`launch` is the
 * provider's data for it), in a new tab at `launch.url`, or nowhere (a room).
 */
export const meetingLaunchSchema = z.object({
  provider: z.string(),
  scheduleId: z.string(),
  open: z.enum(['meeting-page', 'link', 'none']),
  launch: z.record(z.string(), z.unknown()),
});
export type MeetingLaunchDto = z.infer<typeof meetingLaunchSchema>;
