// Attendance: each student's status in a lesson, a class's grid and a student's own record.
import { z } from 'zod';

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent'] as const;
export type AttendanceStatusDto = (typeof ATTENDANCE_STATUSES)[number];

/** One student in one lesson: what the video provider reported, and the status that counts. */
export const attendanceEntrySchema = z.object({
  student_id: z.string(),
  full_name: z.string(),
  first_join: z.string().nullable(),
  last_leave: z.string().nullable(),
  minutes: z.number(),
  /** From the provider's joins and leaves; null before the lesson has begun. */
  reported_status: z.enum(ATTENDANCE_STATUSES).nullable(),
  /** The correction when there is one, else the reported status. */
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  corrected: z.boolean(),
  corrected_by: z.string().nullable(),
});
export type AttendanceEntryDto = z.infer<typeof attendanceEntrySchema>;

export const lessonAttendanceSchema = z.object({
  schedule_id: z.string(),
  topic: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  lesson_status: z.string(),
  present_percent: z.number(),
  late_minutes: z.number(),
  students: z.array(attendanceEntrySchema),
});
export type LessonAttendanceDto = z.infer<typeof lessonAttendanceSchema>;

export const classAttendanceSchema = z.object({
  lessons: z.array(
    z.object({ schedule_id: z.string(), topic: z.string(), start_time: z.string() }),
  ),
  students: z.array(
    z.object({
      student_id: z.string(),
      full_name: z.string(),
      /** One per lesson, in the lessons' order (null: the lesson has not begun). */
      statuses: z.array(z.enum(ATTENDANCE_STATUSES).nullable()),
      /** Present or late, over the lessons that have begun; null when none has. */
      rate: z.number().nullable(),
    }),
  ),
});
export type ClassAttendanceDto = z.infer<typeof classAttendanceSchema>;

export const myAttendanceSchema = z.object({
  classes: z.array(
    z.object({
      class_id: z.string(),
      class_name: z.string(),
      lessons: z.array(
        z.object({
          schedule_id: z.string(),
          topic: z.string(),
          start_time: z.string(),
          status: z.enum(ATTENDANCE_STATUSES).nullable(),
          minutes: z.number(),
        }),
      ),
      rate: z.number().nullable(),
    }),
  ),
});
export type MyAttendanceDto = z.infer<typeof myAttendanceSchema>;
