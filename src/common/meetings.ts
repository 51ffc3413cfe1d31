// Starting and joining a lesson's meeting: what the meeting page receives.
import { z } from 'zod';
import { zoomAccountSchema } from './zoom-accounts.ts';

/** The pool account hosting a lesson, as the meeting page's overlay shows it. */
export const meetingAccountSchema = zoomAccountSchema.pick({
  zoom_account_id: true,
  email: true,
  is_busy: true,
  is_active: true,
});
export type MeetingAccountDto = z.infer<typeof meetingAccountSchema>;

/** Where the meeting page loads Zoom's Web Meeting SDK from. */
export const webSdkSourceSchema = z.object({
  version: z.string(),
  libUrl: z.string(),
  scripts: z.array(z.string()),
});
export type WebSdkSourceDto = z.infer<typeof webSdkSourceSchema>;

/** What the meeting page needs to start or join (product.md §2 /meeting parameters). */
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
