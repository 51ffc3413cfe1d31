// The tuition benchmarks' data (bench:invoice-run, bench:debts): bench:school's set at 1× (5,000
// students, 200 teachers, 1,000 classes of 25 students with 50 lessons each: ten times a center's
// data), every student enrolled since four months ago, and a fee plan on every class: per month
// (1,200,000 ₫) on two classes in five, per lesson (150,000 ₫, excused absences spared) on two,
// per course in two instalments on one. Inserted in large batches straight into the database.
import { sql } from 'kysely';
import type { DatabaseHandle } from '#server/db/connection.ts';
import { addDays, localDate } from '#server/lib/center-time.ts';
import { seed } from './school-data.ts';

const DAY = 86_400_000;
export const ZONE = 'Asia/Ho_Chi_Minh';

/** 'YYYY-MM' of the center's month `offset` months from now's. */
export function monthOf(offset: number, now = new Date()): string {
  const [year, month] = localDate(now, ZONE).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export async function seedTuition(handle: DatabaseHandle) {
  const seeded = await seed(handle, 1);
  await addFeePlans(handle);
  return seeded;
}

/**
 * Every student enrolled since four months ago, and a fee plan on every class (per month on two
 * in five, per lesson on two, per course in two instalments on one).
 */
export async function addFeePlans(handle: DatabaseHandle) {
  const { db } = handle;
  const now = Date.now();
  const since = new Date(now - 120 * DAY).toISOString();
  await db.updateTable('class_students').set({ enrolled_at: since }).execute();
  const classes = await db.selectFrom('classes').select('class_id').orderBy('class_id').execute();
  const at = new Date(now).toISOString();
  const today = localDate(new Date(now), ZONE);
  const plans = classes.map((c, i) => {
    const kind = i % 5 < 2 ? 'per_month' : i % 5 < 4 ? 'per_lesson' : 'per_course';
    return {
      class_id: c.class_id,
      kind: kind as 'per_month' | 'per_lesson' | 'per_course',
      amount: kind === 'per_month' ? 1_200_000 : kind === 'per_lesson' ? 150_000 : 6_000_000,
      charged_absences: kind === 'per_lesson' ? ('unexcused' as const) : null,
      updated_by: null,
      created_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < plans.length; i += 500) {
    await db
      .insertInto('fee_plans')
      .values(plans.slice(i, i + 500) as never)
      .execute();
  }
  const instalments = plans
    .filter((plan) => plan.kind === 'per_course')
    .flatMap((plan) => [
      { class_id: plan.class_id, position: 0, amount: 3_000_000, due_date: addDays(today, -40) },
      { class_id: plan.class_id, position: 1, amount: 3_000_000, due_date: addDays(today, 20) },
    ]);
  for (let i = 0; i < instalments.length; i += 500) {
    await db
      .insertInto('fee_plan_instalments')
      .values(instalments.slice(i, i + 500) as never)
      .execute();
  }
  await sql`analyze`.execute(db);
}
