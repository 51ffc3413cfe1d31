// Make-up lessons (issue 28 point 2, docs/decisions/032-make-up-lessons.md): an excused absence
// earns the student one credit for that class; the credit is booked into a lesson with room of
// another class, by staff or (when the center allows it) by the student.
import { z } from 'zod';
import { LESSON_STATUSES } from './constants.ts';
import { codes } from './messages.ts';
import { venueSchema } from './venues.ts';

/** How many make-up visitors one lesson of a class takes (0: none). */
export const MAKEUP_SEATS = { min: 0, max: 50, default: 2 } as const;

/**
 * A credit's state: `available` (not booked, not expired), `booked` (into a lesson not yet
 * started: the booking can be cancelled), `used` (its lesson began), `expired` (never booked in
 * time).
 */
export const MAKEUP_STATES = ['available', 'booked', 'used', 'expired'] as const;
export type MakeupState = (typeof MAKEUP_STATES)[number];

const lessonRef = z.object({
  schedule_id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  topic: z.string(),
  start_time: z.string(),
  end_time: z.string(),
});

export const makeupCreditSchema = z.object({
  credit_id: z.string(),
  student_id: z.string(),
  /** The class missed and the lesson the credit replaces. */
  missed: lessonRef,
  earned_at: z.string(),
  expires_at: z.string(),
  state: z.enum(MAKEUP_STATES),
  /** The lesson it is booked into (booked or used). */
  booking: lessonRef
    .extend({ status: z.enum(LESSON_STATUSES), teacher_name: z.string().nullable() })
    .nullable(),
});
export type MakeupCreditDto = z.infer<typeof makeupCreditSchema>;

export const makeupCreditListSchema = z.object({
  items: z.array(makeupCreditSchema),
  /** Whether the student may book their credits themselves (the center's setting). */
  students_book: z.boolean(),
});
export type MakeupCreditListDto = z.infer<typeof makeupCreditListSchema>;

/** A lesson a credit can be booked into, with its make-up seats left. */
export const makeupLessonSchema = lessonRef.extend({
  teacher_name: z.string().nullable(),
  venue: venueSchema,
  room_name: z.string().nullable(),
  seats_left: z.number().int(),
});
export type MakeupLessonDto = z.infer<typeof makeupLessonSchema>;

export const makeupLessonListSchema = z.object({ items: z.array(makeupLessonSchema) });
export type MakeupLessonListDto = z.infer<typeof makeupLessonListSchema>;

export const bookMakeupInput = z.object({
  schedule_id: z.uuid({ error: codes.VALIDATION }),
});
export type BookMakeupInput = z.infer<typeof bookMakeupInput>;

/** A class's make-up seats (the credits' life is a center setting: center.ts). */
export const makeupSeatsField = z
  .number({ error: codes.MAKEUP_SEATS_RANGE })
  .int(codes.MAKEUP_SEATS_RANGE)
  .min(MAKEUP_SEATS.min, codes.MAKEUP_SEATS_RANGE)
  .max(MAKEUP_SEATS.max, codes.MAKEUP_SEATS_RANGE);
