// Make-up credits (docs/decisions/032-make-up-lessons.md): an excused absence of a student who was
// in the class for the lesson earns one credit, one per student and lesson however often it is
// re-marked (a unique pair); marking the lesson otherwise withdraws a credit not booked, and a
// booked one stays. A credit expires a number of days (a center setting) after the missed
// lesson's start.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AttendanceStatusDto } from '#common/attendance.ts';
import type { MakeupCreditDto, MakeupState } from '#common/makeups.ts';
import type { Database } from '#server/db/schema.ts';
import { readCenterSettings } from '#server/features/center-settings/index.ts';
import { recordAudit } from '#server/lib/audit.ts';

const DAY_MS = 86_400_000;

/**
 * Follows a student's mark in a lesson of their class: an excused absence earns the credit (kept
 * if it exists), any other status or none withdraws it unless it is booked. Run in the mark's
 * transaction.
 */
export async function followMark(
  db: Kysely<Database>,
  input: {
    lesson: { schedule_id: string; class_id: string; start_time: string };
    studentId: string;
    status: AttendanceStatusDto | null;
    now: Date;
  },
): Promise<void> {
  const { lesson, studentId } = input;
  // Always called with the mark's transaction: the credit's entry commits with the mark's.
  const trx = db as Transaction<Database>;
  if (input.status !== 'excused') {
    const withdrawn = await db
      .deleteFrom('makeup_credits')
      .where('student_id', '=', studentId)
      .where('missed_schedule_id', '=', lesson.schedule_id)
      .where('booked_schedule_id', 'is', null)
      .returning(['credit_id', 'expires_at'])
      .execute();
    for (const credit of withdrawn) {
      await recordAudit(trx, {
        action: 'makeup-credit.withdraw',
        recordType: 'student',
        recordId: studentId,
        before: { credit_id: credit.credit_id, missed_schedule_id: lesson.schedule_id },
        after: null,
      });
    }
    return;
  }
  const { makeup_credit_days } = await readCenterSettings(db);
  const expires =
    Date.parse(new Date(lesson.start_time).toISOString()) + makeup_credit_days * DAY_MS;
  const earned = await db
    .insertInto('makeup_credits')
    .values({
      credit_id: randomUUID(),
      student_id: studentId,
      class_id: lesson.class_id,
      missed_schedule_id: lesson.schedule_id,
      earned_at: input.now.toISOString(),
      expires_at: new Date(expires).toISOString(),
      booked_schedule_id: null,
      booked_at: null,
      booked_by: null,
    })
    .onConflict((oc) => oc.columns(['student_id', 'missed_schedule_id']).doNothing())
    .returning(['credit_id', 'expires_at'])
    .execute();
  for (const credit of earned) {
    await recordAudit(trx, {
      action: 'makeup-credit.earn',
      recordType: 'student',
      recordId: studentId,
      before: null,
      after: {
        credit_id: credit.credit_id,
        missed_schedule_id: lesson.schedule_id,
        expires_at: credit.expires_at,
      },
    });
  }
}

const iso = (value: string) => new Date(value).toISOString();

/** A credit's state now (a booking into a cancelled lesson holds nothing: it is released). */
export function creditState(
  credit: { expires_at: string; booked: { status: string; start_time: string } | null },
  now: Date,
): MakeupState {
  const { booked } = credit;
  if (booked && booked.status !== 'cancelled') {
    const started =
      booked.status !== 'pending' || Date.parse(iso(booked.start_time)) <= now.getTime();
    return started ? 'used' : 'booked';
  }
  return Date.parse(iso(credit.expires_at)) <= now.getTime() ? 'expired' : 'available';
}

/** The credits of one student (or one credit), newest missed lesson first. */
export async function readCredits(
  db: Kysely<Database>,
  filter: { studentId: string } | { creditId: string },
  now: Date,
): Promise<MakeupCreditDto[]> {
  const rows = await db
    .selectFrom('makeup_credits as mc')
    .innerJoin('schedules as ms', 'ms.schedule_id', 'mc.missed_schedule_id')
    .innerJoin('classes as mcl', 'mcl.class_id', 'mc.class_id')
    .leftJoin('schedules as bs', 'bs.schedule_id', 'mc.booked_schedule_id')
    .leftJoin('classes as bc', 'bc.class_id', 'bs.class_id')
    .leftJoin('users as bt', (join) =>
      join.on((eb) =>
        eb('bt.user_id', '=', eb.fn.coalesce('bs.substitute_teacher_id', 'bc.teacher_id') as never),
      ),
    )
    .select([
      'mc.credit_id',
      'mc.student_id',
      'mc.earned_at',
      'mc.expires_at',
      'ms.schedule_id as missed_id',
      'ms.class_id as missed_class_id',
      'mcl.class_name as missed_class_name',
      'ms.topic as missed_topic',
      'ms.start_time as missed_start',
      'ms.end_time as missed_end',
      'bs.schedule_id as booked_id',
      'bs.class_id as booked_class_id',
      'bc.class_name as booked_class_name',
      'bs.topic as booked_topic',
      'bs.start_time as booked_start',
      'bs.end_time as booked_end',
      'bs.status as booked_status',
      'bt.full_name as booked_teacher',
    ])
    .$if('studentId' in filter, (q) =>
      q.where('mc.student_id', '=', (filter as { studentId: string }).studentId),
    )
    .$if('creditId' in filter, (q) =>
      q.where('mc.credit_id', '=', (filter as { creditId: string }).creditId),
    )
    .orderBy('ms.start_time', 'desc')
    .orderBy('mc.credit_id')
    .execute();
  return rows.map((row) => {
    const booked =
      row.booked_id && row.booked_status && row.booked_status !== 'cancelled'
        ? {
            schedule_id: row.booked_id,
            class_id: row.booked_class_id ?? '',
            class_name: row.booked_class_name ?? '',
            topic: row.booked_topic ?? '',
            start_time: iso(row.booked_start as string),
            end_time: iso(row.booked_end as string),
            status: row.booked_status,
            teacher_name: row.booked_teacher ?? null,
          }
        : null;
    return {
      credit_id: row.credit_id,
      student_id: row.student_id,
      missed: {
        schedule_id: row.missed_id,
        class_id: row.missed_class_id,
        class_name: row.missed_class_name,
        topic: row.missed_topic,
        start_time: iso(row.missed_start),
        end_time: iso(row.missed_end),
      },
      earned_at: iso(row.earned_at),
      expires_at: iso(row.expires_at),
      state: creditState({ expires_at: row.expires_at, booked }, now),
      booking: booked,
    };
  });
}

/** The make-up visitors booked into these lessons (a cancelled lesson has none). */
export async function makeupVisitors(db: Kysely<Database>, scheduleIds: readonly string[]) {
  if (scheduleIds.length === 0) return [];
  return db
    .selectFrom('makeup_credits as mc')
    .innerJoin('users as u', 'u.user_id', 'mc.student_id')
    .select(['mc.booked_schedule_id as schedule_id', 'mc.student_id', 'u.full_name'])
    .where('mc.booked_schedule_id', 'in', scheduleIds)
    .where('u.is_active', '=', true)
    .orderBy('u.full_name')
    .execute() as Promise<{ schedule_id: string; student_id: string; full_name: string }[]>;
}

/** Whether the student is a make-up visitor of the lesson. */
export async function isMakeupVisitor(
  db: Kysely<Database>,
  scheduleId: string,
  studentId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('makeup_credits')
    .select('credit_id')
    .where('booked_schedule_id', '=', scheduleId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row !== undefined;
}
