// Booking a make-up credit into a lesson of another class (docs/decisions/032-make-up-lessons.md).
// Admin and staff book any student's credit; a student their own, when the center allows it. The
// lesson must be pending and not started, of another active class the student is not in, before
// the credit expires, with a make-up seat left (its class's cap less the bookings) and no clash
// with the student's own lessons (their classes' and their other make-ups).
//
// Used once under concurrency: the booking locks the credit's row, then the lesson's (always in
// that order; PostgreSQL row locks, SQLite runs one write transaction at a time), then checks and
// writes. Of two bookings of one credit the second finds it booked; of two students taking the
// last seat the second counts it taken.
import type { Kysely, Transaction } from 'kysely';
import type { MakeupLessonDto } from '#common/makeups.ts';
import { hasPermission } from '#common/permissions.ts';
import type { AppContext } from '#server/context.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { readCenterSettings } from '#server/features/center-settings/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { localDate, localDateTimeText } from '#server/lib/center-time.ts';

const time = (value: string) => new Date(value).getTime();
const iso = (value: string) => new Date(value).toISOString();

/** Whether the actor may book (and cancel) this student's credits. */
export async function assertMayBook(db: Kysely<Database>, actor: SessionUser, studentId: string) {
  if (hasPermission(actor.role, 'book_makeups')) return;
  if (actor.role !== 'student') throw new AppError('FORBIDDEN');
  if (actor.user_id !== studentId) throw new AppError('FORBIDDEN');
  const settings = await readCenterSettings(db);
  if (!settings.students_book_makeups) throw new AppError('MAKEUP_BOOK_FORBIDDEN');
}

/** The credit, if the actor may book it; its refusal otherwise. */
async function creditFor(db: Kysely<Database>, actor: SessionUser, creditId: string) {
  const credit = await db
    .selectFrom('makeup_credits')
    .selectAll()
    .where('credit_id', '=', creditId)
    .executeTakeFirst();
  if (!credit) throw new AppError('MAKEUP_CREDIT_NOT_FOUND');
  await assertMayBook(db, actor, credit.student_id);
  return credit;
}

/** The lessons holding the student's time between two instants: their classes' and make-ups'. */
async function studentBusyTimes(db: Kysely<Database>, studentId: string, from: string, to: string) {
  const own = db
    .selectFrom('class_students as e')
    .innerJoin('schedules as s', 's.class_id', 'e.class_id')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .select(['s.schedule_id', 's.start_time', 's.end_time', 'c.class_name'])
    .where('e.student_id', '=', studentId)
    .where('c.is_active', '=', true)
    .where('s.status', '!=', 'cancelled')
    .where('s.end_time', '>', from)
    .where('s.start_time', '<', to);
  const booked = db
    .selectFrom('makeup_credits as mc')
    .innerJoin('schedules as s', 's.schedule_id', 'mc.booked_schedule_id')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .select(['s.schedule_id', 's.start_time', 's.end_time', 'c.class_name'])
    .where('mc.student_id', '=', studentId)
    .where('s.status', '!=', 'cancelled')
    .where('s.end_time', '>', from)
    .where('s.start_time', '<', to);
  return own.unionAll(booked).execute();
}

const overlaps = (a: { start_time: string; end_time: string }, b: typeof a) =>
  time(a.start_time) < time(b.end_time) && time(b.start_time) < time(a.end_time);

/** Candidate lessons: pending, of another active class taking make-ups, in [now, expiry). */
const candidateLessons = (db: Kysely<Database>) =>
  db
    .selectFrom('schedules as s')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .leftJoin('users as t', (join) =>
      join.on((eb) =>
        eb('t.user_id', '=', eb.fn.coalesce('s.substitute_teacher_id', 'c.teacher_id') as never),
      ),
    )
    .leftJoin('rooms as r', 'r.room_id', 's.room_id')
    .select((eb) => [
      's.schedule_id',
      's.class_id',
      'c.class_name',
      's.topic',
      's.start_time',
      's.end_time',
      's.status',
      's.venue',
      'r.name as room_name',
      't.full_name as teacher_name',
      'c.makeup_seats',
      eb
        .selectFrom('makeup_credits as taken')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('taken.booked_schedule_id', '=', 's.schedule_id')
        .as('booked'),
    ])
    .where('c.is_active', '=', true);

type Candidate = Awaited<ReturnType<ReturnType<typeof candidateLessons>['execute']>>[number];

const seatsLeft = (lesson: Candidate) =>
  Math.max(0, Number(lesson.makeup_seats) - Number(lesson.booked ?? 0));

const toLesson = (lesson: Candidate): MakeupLessonDto => ({
  schedule_id: lesson.schedule_id,
  class_id: lesson.class_id,
  class_name: lesson.class_name,
  topic: lesson.topic,
  start_time: iso(lesson.start_time),
  end_time: iso(lesson.end_time),
  teacher_name: lesson.teacher_name ?? null,
  venue: lesson.venue,
  room_name: lesson.room_name ?? null,
  seats_left: seatsLeft(lesson),
});

/** How many lessons the list offers at most (the earliest first). */
const LIST_LIMIT = 200;

/** The lessons the credit can be booked into now, earliest first. */
export async function lessonsWithRoom(
  ctx: AppContext,
  actor: SessionUser,
  creditId: string,
): Promise<MakeupLessonDto[]> {
  const { db } = ctx.database;
  const credit = await creditFor(db, actor, creditId);
  const now = ctx.clock.now().toISOString();
  if (credit.booked_schedule_id !== null) {
    const booked = await db
      .selectFrom('schedules')
      .select('status')
      .where('schedule_id', '=', credit.booked_schedule_id)
      .executeTakeFirst();
    if (booked && booked.status !== 'cancelled') return [];
  }
  if (time(credit.expires_at) <= time(now)) return [];
  const [lessons, busy] = await Promise.all([
    candidateLessons(db)
      .where('s.status', '=', 'pending')
      .where('s.start_time', '>', now)
      .where('s.start_time', '<', iso(credit.expires_at))
      .where('c.class_id', '!=', credit.class_id)
      .where('c.makeup_seats', '>', 0)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('class_students as own')
              .select('own.class_id')
              .whereRef('own.class_id', '=', 'c.class_id')
              .where('own.student_id', '=', credit.student_id),
          ),
        ),
      )
      .orderBy('s.start_time')
      .orderBy('s.schedule_id')
      .limit(LIST_LIMIT * 2)
      .execute(),
    studentBusyTimes(db, credit.student_id, now, iso(credit.expires_at)),
  ]);
  return lessons
    .filter((lesson) => seatsLeft(lesson) > 0)
    .filter((lesson) => !busy.some((other) => overlaps(other, lesson)))
    .slice(0, LIST_LIMIT)
    .map(toLesson);
}

/** The credit's row locked for this transaction. */
async function lockedCredit(ctx: AppContext, trx: Transaction<Database>, creditId: string) {
  const credit = await forUpdate(
    trx.selectFrom('makeup_credits').selectAll().where('credit_id', '=', creditId),
    ctx.database.dialect,
  ).executeTakeFirst();
  if (!credit) throw new AppError('MAKEUP_CREDIT_NOT_FOUND');
  return credit;
}

/** Whether a credit's booking holds (its lesson not cancelled). */
async function bookingHolds(trx: Kysely<Database>, scheduleId: string | null) {
  if (scheduleId === null) return null;
  const lesson = await trx
    .selectFrom('schedules')
    .select(['schedule_id', 'status', 'start_time', 'class_id'])
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
  return lesson && lesson.status !== 'cancelled' ? lesson : null;
}

export interface Booked {
  studentId: string;
  lesson: Candidate;
}

export async function bookMakeup(
  ctx: AppContext,
  actor: SessionUser,
  input: { creditId: string; scheduleId: string },
): Promise<Booked> {
  const { db, dialect } = ctx.database;
  await creditFor(db, actor, input.creditId);
  const zone = ctx.config.centerTimezone;
  const booked = await db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const credit = await lockedCredit(ctx, trx, input.creditId);
    if (await bookingHolds(trx, credit.booked_schedule_id)) {
      throw new AppError('MAKEUP_CREDIT_USED');
    }
    if (time(credit.expires_at) <= now.getTime()) throw new AppError('MAKEUP_CREDIT_EXPIRED');
    await forUpdate(
      trx.selectFrom('schedules').select('schedule_id').where('schedule_id', '=', input.scheduleId),
      dialect,
    ).execute();
    const lesson = await candidateLessons(trx)
      .where('s.schedule_id', '=', input.scheduleId)
      .executeTakeFirst();
    if (!lesson) throw new AppError('NOT_FOUND');
    if (lesson.class_id === credit.class_id) throw new AppError('MAKEUP_SAME_CLASS');
    const enrolled = await trx
      .selectFrom('class_students')
      .select('class_id')
      .where('class_id', '=', lesson.class_id)
      .where('student_id', '=', credit.student_id)
      .executeTakeFirst();
    if (enrolled) throw new AppError('MAKEUP_ENROLLED_IN_CLASS');
    if (lesson.status !== 'pending' || time(lesson.start_time) <= now.getTime()) {
      throw new AppError('MAKEUP_LESSON_NOT_PENDING');
    }
    if (time(lesson.start_time) >= time(credit.expires_at)) {
      throw new AppError('MAKEUP_LESSON_AFTER_EXPIRY', {
        params: { date: localDate(new Date(credit.expires_at), zone) },
      });
    }
    if (seatsLeft(lesson) === 0) throw new AppError('MAKEUP_NO_SEATS');
    const busy = await studentBusyTimes(
      trx,
      credit.student_id,
      iso(lesson.start_time),
      iso(lesson.end_time),
    );
    const clash = busy.find((other) => overlaps(other, lesson));
    if (clash) throw new AppError('MAKEUP_CLASH', { params: { class: clash.class_name } });
    await trx
      .updateTable('makeup_credits')
      .set({
        booked_schedule_id: lesson.schedule_id,
        booked_at: now.toISOString(),
        booked_by: actor.user_id,
      })
      .where('credit_id', '=', credit.credit_id)
      .execute();
    await recordAudit(trx, {
      action: 'makeup.book',
      recordType: 'student',
      recordId: credit.student_id,
      changes: {
        credit_id: { before: credit.credit_id, after: credit.credit_id },
        booked_schedule_id: {
          before: credit.booked_schedule_id ?? null,
          after: lesson.schedule_id,
        },
      },
    });
    return { studentId: credit.student_id, lesson };
  });
  return booked;
}

/** Gives the credit back: its booking's lesson must not have started. */
export async function cancelMakeup(
  ctx: AppContext,
  actor: SessionUser,
  creditId: string,
): Promise<{ studentId: string; lesson: { schedule_id: string; class_id: string } }> {
  const { db } = ctx.database;
  await creditFor(db, actor, creditId);
  return db.transaction().execute(async (trx) => {
    const credit = await lockedCredit(ctx, trx, creditId);
    const lesson = await bookingHolds(trx, credit.booked_schedule_id);
    if (!lesson) throw new AppError('MAKEUP_NOT_BOOKED');
    if (lesson.status !== 'pending' || time(lesson.start_time) <= ctx.clock.now().getTime()) {
      throw new AppError('MAKEUP_ALREADY_STARTED');
    }
    await trx
      .updateTable('makeup_credits')
      .set({ booked_schedule_id: null, booked_at: null, booked_by: null })
      .where('credit_id', '=', credit.credit_id)
      .execute();
    await recordAudit(trx, {
      action: 'makeup.cancel',
      recordType: 'student',
      recordId: credit.student_id,
      changes: {
        credit_id: { before: credit.credit_id, after: credit.credit_id },
        booked_schedule_id: { before: credit.booked_schedule_id, after: null },
      },
    });
    return { studentId: credit.student_id, lesson };
  });
}

/** The lesson's time as the booking's reply says it. */
export const bookedTimeText = (ctx: AppContext, start: string) =>
  localDateTimeText(new Date(start), ctx.config.centerTimezone);
