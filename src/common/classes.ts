// Classes and their students: what the API returns and what creating or enrolling takes.
import { z } from 'zod';
import { isRealDate, MAX_NAME_LENGTH } from './fields.ts';
import { makeupSeatsField } from './makeups.ts';
import { codes } from './messages.ts';
import { pageOf } from './page.ts';
import { personOptionSchema } from './users.ts';
import { meetingLinkField, roomRefSchema, venueSchema } from './venues.ts';

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
  /** Lessons planned (all of the class's lessons). */
  schedule_count: z.number(),
  /** Lessons held (completed): the student's progress is held out of planned. */
  held_lesson_count: z.number(),
  /** Where its lessons are held unless a lesson says otherwise (docs/decisions/019). */
  default_venue: venueSchema,
  default_room: roomRefSchema.nullable(),
  /** The online meeting link it keeps: only to who may host its lessons (null for students). */
  meeting_link: z.string().nullable(),
  /** Its meetings are made with automatic cloud recording (docs/decisions/034-recordings.md). */
  auto_cloud_recording: z.boolean(),
  /** Make-up visitors one of its lessons takes (0: none; docs/decisions/032). */
  makeup_seats: z.number().int(),
});
export type ClassDto = z.infer<typeof classSchema>;

export const classListSchema = pageOf(classSchema);
export type ClassListDto = z.infer<typeof classListSchema>;

/** A student of the caller's classes, with those classes (the teachers' Students page). */
export const classStudentListSchema = pageOf(
  z.object({
    user_id: z.string(),
    full_name: z.string(),
    email: z.string(),
    avatar_url: z.string().nullable(),
    classes: z.array(z.object({ class_id: z.string(), class_name: z.string() })),
  }),
);
export type ClassStudentListDto = z.infer<typeof classStudentListSchema>;

export const enrolledStudentSchema = personOptionSchema.extend({ enrolled_at: z.string() });
export type EnrolledStudentDto = z.infer<typeof enrolledStudentSchema>;

const dateOnly = z
  .string({ error: codes.CLASS_DATES_REQUIRED })
  .min(1, codes.CLASS_DATES_REQUIRED)
  .refine(isRealDate, codes.CLASS_DATES_REQUIRED);

const classFields = {
  class_name: z
    .string({ error: codes.CLASS_NAME_REQUIRED })
    .trim()
    .min(1, codes.CLASS_NAME_REQUIRED)
    .max(MAX_NAME_LENGTH, codes.VALIDATION),
  teacher_id: z.uuid({ error: codes.CLASS_TEACHER_REQUIRED }),
  start_date: dateOnly,
  end_date: dateOnly,
  description: z.string().trim().max(2000, codes.VALIDATION).nullish(),
  /** Left out: 'zoom' for a new class, unchanged for an update (so do the room and the link). */
  default_venue: venueSchema.optional(),
  default_room_id: z.uuid({ error: codes.VENUE_ROOM_REQUIRED }).nullish(),
  meeting_link: meetingLinkField,
  /** Left out: off for a new class, unchanged for an update. */
  auto_cloud_recording: z.boolean({ error: codes.VALIDATION }).optional(),
  /** Left out: 2 for a new class, unchanged for an update. */
  makeup_seats: makeupSeatsField.optional(),
};

export const createClassInput = z
  .object(classFields)
  .refine((value) => value.end_date >= value.start_date, {
    message: codes.CLASS_DATES_ORDER,
    path: ['end_date'],
  })
  .refine((value) => value.default_venue !== 'room' || value.default_room_id, {
    message: codes.VENUE_ROOM_REQUIRED,
    path: ['default_room_id'],
  })
  .refine((value) => value.default_venue !== 'link' || value.meeting_link !== null, {
    message: codes.VENUE_LINK_REQUIRED,
    path: ['meeting_link'],
  });
export type CreateClassInput = z.infer<typeof createClassInput>;
export const updateClassInput = createClassInput;

export const enrolInput = z.object({
  student_ids: z
    .array(z.uuid({ error: codes.ENROL_NOT_STUDENT }), { error: codes.ENROL_EMPTY })
    .min(1, codes.ENROL_EMPTY)
    .max(200, codes.VALIDATION),
});

/** A teacher's active class, as the confirm before deleting the teacher lists it. */
export const teacherClassSchema = z.object({
  class_id: z.string(),
  class_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Lessons not yet started: the ones the clash rules check when the class changes teacher. */
  pending_lesson_count: z.number(),
});
export const teacherClassListSchema = z.object({ items: z.array(teacherClassSchema) });
export type TeacherClassListDto = z.infer<typeof teacherClassListSchema>;

/** Hands every active class of one teacher to another. */
export const handOverClassesInput = z.object({
  teacher_id: z.uuid({ error: codes.CLASS_TEACHER_REQUIRED }),
});
export type HandOverClassesInput = z.infer<typeof handOverClassesInput>;
