// Lessons (the `schedules` table): what the API returns about one, and creating or renaming one.
import { z } from 'zod';
import { CANCEL_REASON_MAX_LENGTH, LESSON_STATUSES } from './constants.ts';
import { isRealDate } from './fields.ts';
import { codes } from './messages.ts';
import { pageOf } from './page.ts';
import { lessonVenueFields, roomRefSchema, venueSchema } from './venues.ts';

export { actsOnLesson } from './lesson-rules.ts';

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
export const lessonSchema = z.object({
  schedule_id: z.string(),
  class_id: z.string(),
  topic: z.string(),
  description: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.enum(LESSON_STATUSES),
  /** Where it is held: 'zoom', a room (`room`), or the link its class keeps (never in this reply). */
  venue: venueSchema,
  room: roomRefSchema.nullable(),
  meeting: lessonMeetingSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  class: z.object({
    class_name: z.string(),
    teacher_id: z.string(),
    teacher: z.object({ full_name: z.string(), avatar_url: z.string().nullable() }).nullable(),
  }),
  /**
   * The teacher covering the lesson instead of the class's own (docs/decisions/031), and their
   * name; null when the class's teacher teaches it.
   */
  substitute_teacher_id: z.string().nullable(),
  substitute_name: z.string().nullable(),
  student_count: z.number().optional(),
  session_index: z.number().optional(),
  session_total: z.number().optional(),
  /** The series the lesson was created in (recurring lessons), and its number there. */
  series_id: z.string().nullable().optional(),
  series_index: z.number().nullable().optional(),
  /** A cancelled lesson's why, when and by whom (only cancelled lessons carry it). */
  cancellation: z
    .object({
      reason: z.string(),
      cancelled_at: z.string(),
      cancelled_by_name: z.string().nullable(),
    })
    .optional(),
});
export type LessonDto = z.infer<typeof lessonSchema>;

export const lessonCountsSchema = z.object({
  all: z.number(),
  pending: z.number(),
  active: z.number(),
  completed: z.number(),
  cancelled: z.number(),
});

export const lessonListSchema = pageOf(lessonSchema).extend({ counts: lessonCountsSchema });
export type LessonListDto = z.infer<typeof lessonListSchema>;

/** An instant with its offset, as the browser sends it (toISOString()). */
const instant = z
  .string({ error: codes.SCHEDULE_TIMES_REQUIRED })
  .min(1, codes.SCHEDULE_TIMES_REQUIRED)
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
      return false;
    // Date.parse rolls 30 February over into March: the day must exist as written.
    if (!isRealDate(value.slice(0, 10))) return false;
    const time = Date.parse(value);
    return !Number.isNaN(time) && time > Date.UTC(2000, 0, 1) && time < Date.UTC(2200, 0, 1);
  }, codes.SCHEDULE_TIMES_REQUIRED)
  .transform((value) => new Date(value).toISOString());

const lessonTopic = z
  .string({ error: codes.SCHEDULE_TOPIC_REQUIRED })
  .trim()
  .min(1, codes.SCHEDULE_TOPIC_REQUIRED)
  .max(200, codes.VALIDATION);

const endAfterStart = {
  message: codes.SCHEDULE_END_AFTER_START,
  path: ['end_time'],
};

export const createLessonInput = z
  .object({
    topic: lessonTopic,
    description: z.string().trim().max(2000, codes.VALIDATION).nullish(),
    start_time: instant,
    end_time: instant,
    ...lessonVenueFields,
  })
  .refine((value) => value.end_time > value.start_time, endAfterStart);
export type CreateLessonInput = z.infer<typeof createLessonInput>;

export const updateLessonTopicInput = z.object({ topic: lessonTopic });

export const SUBSTITUTE_SCOPES = ['one', 'following'] as const;

/**
 * A lesson given to a substitute (docs/decisions/031): the teacher (null or empty gives it back to
 * the class's teacher), for this lesson only or for it and the following pending lessons of its
 * series.
 */
export const substituteInput = z.object({
  teacher_id: z
    .string({ error: codes.SUBSTITUTE_NOT_A_TEACHER })
    .max(100, codes.SUBSTITUTE_NOT_A_TEACHER)
    .nullable()
    .transform((value) => value?.trim() || null),
  scope: z.enum(SUBSTITUTE_SCOPES, { error: codes.VALIDATION }).default('one'),
});
export type SubstituteInput = z.input<typeof substituteInput>;

/** A pending lesson moved: its new start and end (date, time and length in one). */
/** A pending lesson moved: its new times and, when given, another venue (else it keeps its own). */
export const moveLessonInput = z
  .object({ start_time: instant, end_time: instant, ...lessonVenueFields })
  .refine((value) => value.end_time > value.start_time, endAfterStart);
export type MoveLessonInput = z.infer<typeof moveLessonInput>;

/** A pending lesson cancelled: why, told to its class. */
export const cancelLessonInput = z.object({
  reason: z
    .string({ error: codes.LESSON_CANCEL_REASON_REQUIRED })
    .trim()
    .min(1, codes.LESSON_CANCEL_REASON_REQUIRED)
    .max(CANCEL_REASON_MAX_LENGTH, codes.LESSON_CANCEL_REASON_TOO_LONG),
});
export type CancelLessonInput = z.infer<typeof cancelLessonInput>;
