// What the API returns, as zod schemas (the server validates its replies with them) and their
// types (the web app imports only the types).
import { z } from 'zod';
import { ROLES, SCHEDULE_STATUSES } from './constants.ts';
import { THEME_COLOR_KEYS, type ThemeColorKey } from './theme-defaults.ts';

export const userSchema = z.object({
  user_id: z.string(),
  auth_id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
  username: z.string(),
  is_active: z.boolean(),
  avatar_url: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  /** The interface language the user chose; null until they choose. */
  language: z.enum(['vi', 'en']).nullable(),
});
export type UserDto = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  user: userSchema,
  mustChangePassword: z.boolean(),
  /** The center's time zone: dates and times are shown and typed in it. */
  centerTimezone: z.string(),
});
export type SessionDto = z.infer<typeof sessionSchema>;

export const userListSchema = z.object({
  items: z.array(userSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type UserListDto = z.infer<typeof userListSchema>;

export const createdUserSchema = z.object({
  user: userSchema,
  /** The generated password, shown once to the creator. */
  password: z.string(),
  reactivated: z.boolean(),
  message: z.string(),
});
export type CreatedUserDto = z.infer<typeof createdUserSchema>;

export const centerSettingsSchema = z.object({
  id: z.string(),
  center_name: z.string(),
  logo_url: z.string().nullable(),
  updated_at: z.string(),
});
export type CenterSettingsDto = z.infer<typeof centerSettingsSchema>;

const colorShape = Object.fromEntries(
  THEME_COLOR_KEYS.map((key) => [key, z.string().nullable()]),
) as Record<ThemeColorKey, z.ZodNullable<z.ZodString>>;

export const themeSchema = z.object({
  theme_id: z.string(),
  theme_name: z.string(),
  description: z.string().nullable(),
  is_default: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  ...colorShape,
});
export type ThemeDto = z.infer<typeof themeSchema>;

export const classSchema = z.object({
  class_id: z.string(),
  class_name: z.string(),
  description: z.string().nullable(),
  teacher_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  created_by: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  teacher: z.object({ full_name: z.string(), avatar_url: z.string().nullable() }),
  student_count: z.number(),
  schedule_count: z.number(),
});
export type ClassDto = z.infer<typeof classSchema>;

export const classListSchema = z.object({
  items: z.array(classSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ClassListDto = z.infer<typeof classListSchema>;

export const personOptionSchema = z.object({
  user_id: z.string(),
  full_name: z.string(),
  username: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
});
export type PersonOptionDto = z.infer<typeof personOptionSchema>;

/** A student of the caller's classes, with those classes (the teachers' Students page). */
export const classStudentListSchema = z.object({
  items: z.array(
    z.object({
      user_id: z.string(),
      full_name: z.string(),
      email: z.string(),
      avatar_url: z.string().nullable(),
      classes: z.array(z.object({ class_id: z.string(), class_name: z.string() })),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ClassStudentListDto = z.infer<typeof classStudentListSchema>;

export const enrolledStudentSchema = personOptionSchema.extend({ enrolled_at: z.string() });
export type EnrolledStudentDto = z.infer<typeof enrolledStudentSchema>;

/** A lesson's meeting on its provider. `secret` (host links, passwords) only to who may host. */
export const lessonMeetingSchema = z.object({
  provider: z.string(),
  external_id: z.string().nullable(),
  /** The pool account hosting it (pool providers only). */
  host_account_id: z.string().nullable(),
  join: z.record(z.string(), z.string()),
  secret: z.record(z.string(), z.string()).optional(),
});
export type LessonMeetingDto = z.infer<typeof lessonMeetingSchema>;

/** A lesson. Students never receive its meeting's `secret`. */
export const scheduleSchema = z.object({
  schedule_id: z.string(),
  class_id: z.string(),
  topic: z.string(),
  description: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  meeting: lessonMeetingSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  class: z.object({
    class_name: z.string(),
    teacher_id: z.string(),
    teacher: z.object({ full_name: z.string(), avatar_url: z.string().nullable() }).nullable(),
  }),
  student_count: z.number().optional(),
  session_index: z.number().optional(),
  session_total: z.number().optional(),
  /** The series the lesson was created in (recurring lessons), and its number there. */
  series_id: z.string().nullable().optional(),
  series_index: z.number().nullable().optional(),
});
export type ScheduleDto = z.infer<typeof scheduleSchema>;

export const scheduleCountsSchema = z.object({
  all: z.number(),
  pending: z.number(),
  active: z.number(),
  completed: z.number(),
});

export const scheduleListSchema = z.object({
  items: z.array(scheduleSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: scheduleCountsSchema,
});
export type ScheduleListDto = z.infer<typeof scheduleListSchema>;

export const dashboardSchema = z.object({
  today: z.array(scheduleSchema),
  upcoming: z.array(scheduleSchema),
  /** The center's local date the lists were computed for (YYYY-MM-DD). */
  date: z.string(),
  timezone: z.string(),
  /** How long before its start a lesson may be started (the 'Bắt đầu' button waits until then). */
  earlyStartMinutes: z.number(),
});
export type DashboardDto = z.infer<typeof dashboardSchema>;

export const zoomAccountSchema = z.object({
  zoom_account_id: z.string(),
  zoom_user_id: z.string(),
  email: z.string(),
  is_busy: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  /** Busy with no lesson running on it (a crash or a lost end): an admin may free it. */
  stuck: z.boolean(),
});
export type ZoomAccountDto = z.infer<typeof zoomAccountSchema>;

export const zoomAccountListSchema = z.object({
  items: z.array(zoomAccountSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Whether the server has Zoom credentials (the page says so when not). */
  configured: z.boolean(),
});
export type ZoomAccountListDto = z.infer<typeof zoomAccountListSchema>;

/** A user of the Zoom account not yet in the pool (product.md §3 provider user). */
export const providerUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.string(),
  role_name: z.string().nullable(),
});
export type ProviderUserDto = z.infer<typeof providerUserSchema>;

/** What the meeting page needs to start or join (product.md §2 /meeting parameters). */
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

/** The Zoom connection check (admin): each part of the set-up and how it went. */
export const CONNECTION_CHECK_STEPS = ['oauth', 'users', 'sdk', 'webhook', 'webSdk'] as const;
export const connectionCheckSchema = z.object({
  /** True when nothing failed (warnings allowed). */
  ok: z.boolean(),
  steps: z.array(
    z.object({
      key: z.enum(CONNECTION_CHECK_STEPS),
      status: z.enum(['ok', 'warning', 'failed', 'skipped']),
      /** What happened and what to do, in Vietnamese. */
      detail: z.string(),
    }),
  ),
});
export type ConnectionCheckDto = z.infer<typeof connectionCheckSchema>;

/** Why a planned lesson of a series cannot be created as it stands. */
export const SERIES_CLASHES = ['past', 'class', 'teacher'] as const;
export type SeriesClash = (typeof SERIES_CLASHES)[number];

export const seriesPreviewSchema = z.object({
  lessons: z.array(
    z.object({
      /** The lesson's place among all the planned ones, from 1. */
      position: z.number(),
      /** The topic it gets if the clashing lessons are left out; null for a clashing one. */
      topic: z.string().nullable(),
      start_time: z.string(),
      end_time: z.string(),
      clash: z.enum(SERIES_CLASHES).nullable(),
      /** The class of the lesson it clashes with (class or teacher clashes). */
      clash_with: z.string().nullable(),
    }),
  ),
  /** The count asked for could not be reached before the class's end date. */
  stopped_at_class_end: z.boolean(),
});
export type SeriesPreviewDto = z.infer<typeof seriesPreviewSchema>;

export const seriesCreatedSchema = z.object({
  series_id: z.string(),
  created: z.number(),
  skipped: z.number(),
  message: z.string(),
});
export type SeriesCreatedDto = z.infer<typeof seriesCreatedSchema>;

export const followingChangedSchema = z.object({
  count: z.number(),
  message: z.string(),
});

export const NOTIFICATION_TYPES = [
  'lesson_starting_soon',
  'lesson_started',
  'enrolled',
  'lesson_moved',
  'lesson_cancelled',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  notification_id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The text's values: class_name, topic, start_time (ISO), new_start_time (ISO, moves). */
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

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent'] as const;
export type AttendanceStatusDto = (typeof ATTENDANCE_STATUSES)[number];

/** One student in one lesson: what Zoom reported, and the status that counts. */
export const attendanceEntrySchema = z.object({
  student_id: z.string(),
  full_name: z.string(),
  first_join: z.string().nullable(),
  last_leave: z.string().nullable(),
  minutes: z.number(),
  /** From Zoom's joins and leaves; null before the lesson has begun. */
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

export const IMPORT_VERDICTS = [
  'new',
  'reactivated',
  'already_active',
  'invalid_email',
  'missing_name',
  'duplicate_in_file',
] as const;
export type ImportVerdict = (typeof IMPORT_VERDICTS)[number];

export const importTableSchema = z.object({
  /** The file's first row. */
  headers: z.array(z.string()),
  /** Every other row, as text cells. */
  rows: z.array(z.array(z.string())),
});
export type ImportTableDto = z.infer<typeof importTableSchema>;

export const importPreviewSchema = z.object({
  rows: z.array(
    z.object({
      /** The row's number in the mapped list, from 1. */
      line: z.number(),
      full_name: z.string(),
      email: z.string(),
      verdict: z.enum(IMPORT_VERDICTS),
    }),
  ),
  counts: z.record(z.enum(IMPORT_VERDICTS), z.number()),
});
export type ImportPreviewDto = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  created: z.number(),
  reactivated: z.number(),
  skipped: z.number(),
  enrolled: z.number(),
  /** The first password of each new or reactivated account, shown once. */
  accounts: z.array(z.object({ full_name: z.string(), email: z.string(), password: z.string() })),
  message: z.string(),
});
export type ImportResultDto = z.infer<typeof importResultSchema>;
