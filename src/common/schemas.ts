// Input schemas shared by the server (which validates every request with them) and the web app
// (which runs the same checks before sending). Messages are the specification's texts.
import { z } from 'zod';
import {
  DEFAULT_SCHEDULE_MINUTES,
  MAX_LESSON_MINUTES,
  ROLES,
  SERIES_MAX_LESSONS,
  SERIES_MIN_MINUTES,
} from './constants.ts';
import { formatMessage, messages } from './messages.ts';
import { passwordChangeProblem } from './password-rules.ts';
import { HEX_COLOR, REQUIRED_THEME_COLOR_KEYS, THEME_COLOR_KEYS } from './theme-defaults.ts';

/** product.md §5: non-space text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;
const MAX_NAME_LENGTH = 120;
const MAX_PASSWORD_LENGTH = 256;

/** Emails are compared trimmed and lower-cased everywhere. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const loginInput = z.object({
  email: z
    .string({ error: messages.LOGIN_INVALID_EMAIL })
    .max(MAX_EMAIL_LENGTH, messages.LOGIN_INVALID_EMAIL)
    .transform(normalizeEmail)
    .refine((email) => email.includes('@'), messages.LOGIN_INVALID_EMAIL),
  password: z
    .string({ error: messages.LOGIN_FAILED })
    .min(1, messages.LOGIN_FAILED)
    .max(MAX_PASSWORD_LENGTH, messages.LOGIN_FAILED),
});
export type LoginInput = z.infer<typeof loginInput>;

export const changePasswordInput = z
  .object({
    newPassword: z
      .string({ error: messages.PASSWORD_REQUIRED })
      .max(MAX_PASSWORD_LENGTH, messages.VALIDATION),
    confirmPassword: z
      .string({ error: messages.PASSWORD_REQUIRED })
      .max(MAX_PASSWORD_LENGTH, messages.VALIDATION),
  })
  .superRefine((value, ctx) => {
    const problem = passwordChangeProblem(value.newPassword, value.confirmPassword);
    if (problem) {
      const field = problem === messages.PASSWORD_MISMATCH ? 'confirmPassword' : 'newPassword';
      ctx.addIssue({ code: 'custom', message: problem, path: [field] });
    }
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const updateProfileInput = z.object({
  full_name: z
    .string({ error: messages.FULL_NAME_REQUIRED })
    .trim()
    .min(1, messages.FULL_NAME_REQUIRED)
    .max(MAX_NAME_LENGTH, messages.VALIDATION),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const roleSchema = z.enum(ROLES, { error: messages.VALIDATION });

export const createUserInput = z.object({
  full_name: z
    .string({ error: messages.USER_FIELDS_REQUIRED })
    .trim()
    .min(1, messages.USER_FIELDS_REQUIRED)
    .max(MAX_NAME_LENGTH, messages.VALIDATION),
  email: z
    .string({ error: messages.USER_FIELDS_REQUIRED })
    .max(MAX_EMAIL_LENGTH, messages.USER_EMAIL_INVALID)
    .transform(normalizeEmail)
    .refine((email) => email.length > 0, messages.USER_FIELDS_REQUIRED)
    .refine(
      (email) => email.length === 0 || EMAIL_PATTERN.test(email),
      messages.USER_EMAIL_INVALID,
    ),
  role: roleSchema,
});
export type CreateUserInput = z.infer<typeof createUserInput>;

const colorValue = z.string().max(7);
const themeColorShape = Object.fromEntries(
  THEME_COLOR_KEYS.map((key) => [key, colorValue.optional()]),
) as Record<(typeof THEME_COLOR_KEYS)[number], z.ZodOptional<typeof colorValue>>;

/** The theme rules of §5; `requireAllRequiredColors` is false for partial updates. */
function themeInput(requireAllRequiredColors: boolean) {
  return z
    .object({
      theme_name: z
        .string({ error: messages.THEME_NAME_REQUIRED })
        .trim()
        .min(1, messages.THEME_NAME_REQUIRED)
        .min(3, messages.THEME_NAME_TOO_SHORT)
        .max(60, messages.VALIDATION),
      description: z.string().trim().max(500, messages.VALIDATION).nullish(),
      ...themeColorShape,
    })
    .superRefine((value, ctx) => {
      for (const key of THEME_COLOR_KEYS) {
        const color = value[key];
        const required = requireAllRequiredColors && REQUIRED_THEME_COLOR_KEYS.includes(key);
        if ((color === undefined && required) || (color !== undefined && !HEX_COLOR.test(color))) {
          ctx.addIssue({
            code: 'custom',
            message: formatMessage('THEME_COLOR_INVALID', { key }),
            path: [key],
          });
        }
      }
    });
}
export const createThemeInput = themeInput(true);
export const updateThemeInput = themeInput(false);
export type ThemeInput = z.infer<typeof createThemeInput>;
export type CreateThemeInput = ThemeInput;
export type UpdateThemeInput = z.infer<typeof updateThemeInput>;

export const centerSettingsInput = z.object({
  center_name: z
    .string({ error: messages.CENTER_NAME_REQUIRED })
    .trim()
    .min(1, messages.CENTER_NAME_REQUIRED)
    .max(MAX_NAME_LENGTH, messages.VALIDATION),
});
export type CenterSettingsInput = z.infer<typeof centerSettingsInput>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date that exists (no 30 February), YYYY-MM-DD, in a sane range. */
export const isRealDate = (value: string) => {
  if (!DATE_ONLY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    value >= '2000-01-01' &&
    value <= '2199-12-31'
  );
};
const dateOnly = z
  .string({ error: messages.CLASS_DATES_REQUIRED })
  .min(1, messages.CLASS_DATES_REQUIRED)
  .refine(isRealDate, messages.CLASS_DATES_REQUIRED);

const classFields = {
  class_name: z
    .string({ error: messages.CLASS_NAME_REQUIRED })
    .trim()
    .min(1, messages.CLASS_NAME_REQUIRED)
    .max(MAX_NAME_LENGTH, messages.VALIDATION),
  teacher_id: z.uuid({ error: messages.CLASS_TEACHER_REQUIRED }),
  start_date: dateOnly,
  end_date: dateOnly,
  description: z.string().trim().max(2000, messages.VALIDATION).nullish(),
};

export const createClassInput = z
  .object(classFields)
  .refine((value) => value.end_date >= value.start_date, {
    message: messages.CLASS_DATES_ORDER,
    path: ['end_date'],
  });
export type CreateClassInput = z.infer<typeof createClassInput>;
export const updateClassInput = createClassInput;

export const enrolInput = z.object({
  student_ids: z
    .array(z.uuid({ error: messages.ENROL_NOT_STUDENT }), { error: messages.ENROL_EMPTY })
    .min(1, messages.ENROL_EMPTY)
    .max(200, messages.VALIDATION),
});

/** An instant with its offset, as the browser sends it (toISOString()). */
const instant = z
  .string({ error: messages.SCHEDULE_TIMES_REQUIRED })
  .min(1, messages.SCHEDULE_TIMES_REQUIRED)
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
      return false;
    // Date.parse rolls 30 February over into March: the day must exist as written.
    if (!isRealDate(value.slice(0, 10))) return false;
    const time = Date.parse(value);
    return !Number.isNaN(time) && time > Date.UTC(2000, 0, 1) && time < Date.UTC(2200, 0, 1);
  }, messages.SCHEDULE_TIMES_REQUIRED)
  .transform((value) => new Date(value).toISOString());

export const createScheduleInput = z
  .object({
    topic: z
      .string({ error: messages.SCHEDULE_TOPIC_REQUIRED })
      .trim()
      .min(1, messages.SCHEDULE_TOPIC_REQUIRED)
      .max(200, messages.VALIDATION),
    description: z.string().trim().max(2000, messages.VALIDATION).nullish(),
    start_time: instant,
    end_time: instant,
  })
  .refine((value) => value.end_time > value.start_time, {
    message: messages.SCHEDULE_END_AFTER_START,
    path: ['end_time'],
  });
export type CreateScheduleInput = z.infer<typeof createScheduleInput>;

// A series of lessons (recurring lessons issue): weekdays at one local time, numbered topics.
const seriesTopicPattern = z
  .string({ error: messages.SERIES_TOPIC_REQUIRED })
  .trim()
  .min(1, messages.SERIES_TOPIC_REQUIRED)
  .max(200, messages.VALIDATION);
/** A wall-clock time of day in the center's zone, HH:mm (24-hour). */
const timeOfDay = z
  .string({ error: messages.SERIES_TIME_INVALID })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, messages.SERIES_TIME_INVALID);
// The texts name the bounds (15, 720, 200); constants.ts holds the same numbers.
const durationText = messages.SERIES_DURATION_INVALID;
const lessonMinutes = z
  .number({ error: durationText })
  .int(durationText)
  .min(SERIES_MIN_MINUTES, durationText)
  .max(MAX_LESSON_MINUTES, durationText);
const countText = messages.SERIES_COUNT_INVALID;

const seriesFields = {
  topic_pattern: seriesTopicPattern,
  description: z.string().trim().max(2000, messages.VALIDATION).nullish(),
  /** 1 = Monday … 7 = Sunday. */
  weekdays: z
    .array(
      z.number().int(messages.VALIDATION).min(1, messages.VALIDATION).max(7, messages.VALIDATION),
      {
        error: messages.SERIES_WEEKDAYS_REQUIRED,
      },
    )
    .min(1, messages.SERIES_WEEKDAYS_REQUIRED)
    .max(7, messages.VALIDATION)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  start_time: timeOfDay,
  duration_minutes: lessonMinutes.default(DEFAULT_SCHEDULE_MINUTES),
  first_date: z
    .string({ error: messages.SERIES_FIRST_DATE_REQUIRED })
    .refine(isRealDate, messages.SERIES_FIRST_DATE_REQUIRED),
  /** Either a number of lessons or a last date (both: whichever comes first). */
  count: z
    .number({ error: countText })
    .int(countText)
    .min(1, countText)
    .max(SERIES_MAX_LESSONS, countText)
    .nullish(),
  end_date: z
    .string({ error: messages.SERIES_END_REQUIRED })
    .refine(isRealDate, messages.SERIES_END_REQUIRED)
    .nullish(),
};

type SeriesEnds = { count?: number | null; end_date?: string | null; first_date: string };
const seriesEndsGiven = (value: SeriesEnds) => value.count != null || value.end_date != null;
const seriesEndsInOrder = (value: SeriesEnds) =>
  value.end_date == null || value.end_date >= value.first_date;

export const lessonSeriesInput = z
  .object(seriesFields)
  .refine(seriesEndsGiven, { message: messages.SERIES_END_REQUIRED, path: ['count'] })
  .refine(seriesEndsInOrder, { message: messages.SERIES_END_BEFORE_FIRST, path: ['end_date'] });
export type LessonSeriesInput = z.infer<typeof lessonSeriesInput>;
/** The body as a client sends it (the duration may be left to its default). */
export type LessonSeriesRequest = z.input<typeof lessonSeriesInput>;

export const SERIES_CLASH_CHOICES = ['refuse', 'skip'] as const;
export const createLessonSeriesInput = z
  .object({
    ...seriesFields,
    /** refuse: nothing is created when a lesson clashes; skip: the clashing ones are left out. */
    on_clash: z.enum(SERIES_CLASH_CHOICES).default('refuse'),
  })
  .refine(seriesEndsGiven, { message: messages.SERIES_END_REQUIRED, path: ['count'] })
  .refine(seriesEndsInOrder, { message: messages.SERIES_END_BEFORE_FIRST, path: ['end_date'] });
export type CreateLessonSeriesInput = z.infer<typeof createLessonSeriesInput>;
export type CreateLessonSeriesRequest = z.input<typeof createLessonSeriesInput>;

/** "This and following lessons": a new topic pattern, time of day or length (any of them). */
export const changeFollowingLessonsInput = z
  .object({
    topic_pattern: seriesTopicPattern.optional(),
    start_time: timeOfDay.optional(),
    duration_minutes: lessonMinutes.optional(),
  })
  .refine(
    (value) =>
      value.topic_pattern !== undefined ||
      value.start_time !== undefined ||
      value.duration_minutes !== undefined,
    { message: messages.SERIES_CHANGE_EMPTY },
  );
export type ChangeFollowingLessonsInput = z.infer<typeof changeFollowingLessonsInput>;

export const updateScheduleTopicInput = z.object({
  topic: z
    .string({ error: messages.SCHEDULE_TOPIC_REQUIRED })
    .trim()
    .min(1, messages.SCHEDULE_TOPIC_REQUIRED)
    .max(200, messages.VALIDATION),
});

/** Bulk import (the attendance-and-import issue): the rows after the user mapped the columns. */
export const IMPORT_MAX_ROWS = 10_000;
export const importRowsInput = z.object({
  role: roleSchema,
  rows: z
    .array(
      z.object({
        // Loose here: each row gets its own verdict (invalid email, missing name) in the preview.
        full_name: z.string().max(1_000),
        email: z.string().max(1_000),
      }),
    )
    .min(1, messages.IMPORT_FILE_EMPTY)
    .max(IMPORT_MAX_ROWS, messages.IMPORT_TOO_MANY_ROWS),
  /** Enrol every imported student in this class in the same step. */
  class_id: z.uuid({ error: messages.NOT_FOUND }).nullish(),
});
export type ImportRowsInput = z.infer<typeof importRowsInput>;
