// A series of lessons: weekdays at one local time with numbered topics, its preview, and changes
// to "this and following lessons".
import { z } from 'zod';
import {
  DEFAULT_SCHEDULE_MINUTES,
  MAX_LESSON_MINUTES,
  SERIES_MAX_LESSONS,
  SERIES_MIN_MINUTES,
} from './constants.ts';
import { isRealDate } from './fields.ts';
import { codes } from './messages.ts';
import { noticeSchema } from './notice.ts';
import { lessonVenueFields } from './venues.ts';

/** Why a planned lesson of a series cannot be created as it stands. */
export const SERIES_CLASHES = ['past', 'class', 'teacher', 'room'] as const;
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
      /** The class of the lesson it clashes with (class, teacher or room clashes). */
      clash_with: z.string().nullable(),
      /** For a room clash: when the lesson already in the room runs. */
      clash_start: z.string().optional(),
      clash_end: z.string().optional(),
      /**
       * The closed day it falls on (its date in the center's zone and name): left out unless
       * `included` (its date is in the request's include_closed_dates).
       */
      closed_day: z
        .object({ date: z.string(), name: z.string(), included: z.boolean() })
        .nullable(),
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
  /** Lessons left out because they fall on closed days. */
  closed: z.number(),
  ...noticeSchema.shape,
});
export type SeriesCreatedDto = z.infer<typeof seriesCreatedSchema>;

export const followingChangedSchema = z.object({
  count: z.number(),
  ...noticeSchema.shape,
});

const seriesTopicPattern = z
  .string({ error: codes.SERIES_TOPIC_REQUIRED })
  .trim()
  .min(1, codes.SERIES_TOPIC_REQUIRED)
  .max(200, codes.VALIDATION);
/** A wall-clock time of day in the center's zone, HH:mm (24-hour). */
const timeOfDay = z
  .string({ error: codes.SERIES_TIME_INVALID })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, codes.SERIES_TIME_INVALID);
// The codes' texts name the bounds (15, 720, 200); constants.ts holds the same numbers.
const durationCode = codes.SERIES_DURATION_INVALID;
const lessonMinutes = z
  .number({ error: durationCode })
  .int(durationCode)
  .min(SERIES_MIN_MINUTES, durationCode)
  .max(MAX_LESSON_MINUTES, durationCode);
const countCode = codes.SERIES_COUNT_INVALID;

const seriesFields = {
  topic_pattern: seriesTopicPattern,
  description: z.string().trim().max(2000, codes.VALIDATION).nullish(),
  /** 1 = Monday … 7 = Sunday. */
  weekdays: z
    .array(z.number().int(codes.VALIDATION).min(1, codes.VALIDATION).max(7, codes.VALIDATION), {
      error: codes.SERIES_WEEKDAYS_REQUIRED,
    })
    .min(1, codes.SERIES_WEEKDAYS_REQUIRED)
    .max(7, codes.VALIDATION)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  start_time: timeOfDay,
  duration_minutes: lessonMinutes.default(DEFAULT_SCHEDULE_MINUTES),
  first_date: z
    .string({ error: codes.SERIES_FIRST_DATE_REQUIRED })
    .refine(isRealDate, codes.SERIES_FIRST_DATE_REQUIRED),
  /** Either a number of lessons or a last date (both: whichever comes first). */
  count: z
    .number({ error: countCode })
    .int(countCode)
    .min(1, countCode)
    .max(SERIES_MAX_LESSONS, countCode)
    .nullish(),
  end_date: z
    .string({ error: codes.SERIES_END_REQUIRED })
    .refine(isRealDate, codes.SERIES_END_REQUIRED)
    .nullish(),
  ...lessonVenueFields,
  /**
   * Closed days on which the series keeps its lesson all the same (ticked back in); lessons on
   * other closed days are left out and do not count towards `count`.
   */
  include_closed_dates: z
    .array(z.string({ error: codes.VALIDATION }).refine(isRealDate, codes.VALIDATION))
    .max(SERIES_MAX_LESSONS, codes.VALIDATION)
    .optional(),
};

type SeriesEnds = { count?: number | null; end_date?: string | null; first_date: string };
const seriesEndsGiven = (value: SeriesEnds) => value.count != null || value.end_date != null;
const seriesEndsInOrder = (value: SeriesEnds) =>
  value.end_date == null || value.end_date >= value.first_date;

export const lessonSeriesInput = z
  .object(seriesFields)
  .refine(seriesEndsGiven, { message: codes.SERIES_END_REQUIRED, path: ['count'] })
  .refine(seriesEndsInOrder, { message: codes.SERIES_END_BEFORE_FIRST, path: ['end_date'] });
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
  .refine(seriesEndsGiven, { message: codes.SERIES_END_REQUIRED, path: ['count'] })
  .refine(seriesEndsInOrder, { message: codes.SERIES_END_BEFORE_FIRST, path: ['end_date'] });
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
    { message: codes.SERIES_CHANGE_EMPTY },
  );
export type ChangeFollowingLessonsInput = z.infer<typeof changeFollowingLessonsInput>;
