// A user's notifications: stored as a type and its values, written out by the web app.
import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'lesson_starting_soon',
  'lesson_started',
  'enrolled',
  'lesson_moved',
  'lesson_cancelled',
  // One lesson moved (old and new times) or cancelled with a reason (docs/decisions/020).
  'lesson_rescheduled',
  'lesson_cancelled_with_reason',
  // The person's e-mail (their sign-in) was corrected: old_email, new_email (docs/decisions/026).
  'email_changed',
  // Tuition (issue 27): an invoice issued, due in three days, overdue: number, amount (what is
  // still outstanding), due_date (YYYY-MM-DD), class_name.
  'invoice_issued',
  'invoice_due_soon',
  'invoice_overdue',
  // Make-up lessons (issue 28, docs/decisions/032): booked for the student (class_name, topic,
  // start_time, end_time of the lesson booked); released because that lesson was cancelled.
  'makeup_booked',
  'makeup_released',
  // Substitutes (issue 28, docs/decisions/031): class_name, topic, start_time (the first lesson),
  // count. To the substitute: lessons given to them, or taken back; to the class's teacher: their
  // lessons covered by substitute_name, or given back to them.
  'substitute_given',
  'substitute_taken_back',
  'lesson_covered',
  'lesson_given_back',
  // Lesson reports (issue 29, docs/decisions/037): a held lesson's report was written (class_name,
  // topic, start_time); to a parent also child_name (their children in the lesson).
  'lesson_report',
  // Families (issue 29, docs/decisions/036): to each parent, their child was absent from a lesson
  // (child_name, class_name, topic, start_time, end_time), once per lesson and child.
  'child_absent',
  // Backups (issue 30, docs/decisions/042): to every admin, a backup failed (error: what went wrong).
  'backup_failed',
] as const;

/**
 * The student's notifications their parents receive a copy of (issue 29), with the child's name
 * (child_name) added to the params so the text says whose lesson or invoice it is.
 */
export const COPIED_TO_PARENTS: readonly NotificationType[] = [
  'lesson_moved',
  'lesson_cancelled',
  'lesson_rescheduled',
  'lesson_cancelled_with_reason',
  'invoice_issued',
  'invoice_due_soon',
  'invoice_overdue',
];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  notification_id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /**
   * The text's values: class_name, topic, start_time (ISO), new_start_time (ISO, moves); one
   * lesson's move or cancel also end_time and new_end_time (ISO), a cancel its reason.
   */
  params: z.record(z.string(), z.string()),
  schedule_id: z.string().nullable(),
  class_id: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number(),
});
export type NotificationListDto = z.infer<typeof notificationListSchema>;
