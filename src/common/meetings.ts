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
export const meetingLaunchSchema = z.object({
  scheduleId: z.string(),
  meetingNumber: z.string(),
  signature: z.string(),
  password: z.string(),
  role: z.union([z.literal(0), z.literal(1)]),
  userName: z.string(),
  userEmail: z.string(),
  /** Host only: the Zoom access key the SDK needs to start as host. */
  zak: z.string().optional(),
  /** Participant only: identifies the student in webhooks. */
  customerKey: z.string().optional(),
  zoomAccountId: z.string().optional(),
  account: meetingAccountSchema.optional(),
});
export type MeetingLaunchDto = z.infer<typeof meetingLaunchSchema>;
