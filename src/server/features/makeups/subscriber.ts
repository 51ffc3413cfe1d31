// A cancelled lesson releases the make-ups booked into it: the credits are free again (until they
// expire) and their students are told. Subscribed once at app start; a failure is logged by the
// event bus. Until it runs, a booking into a cancelled lesson already counts as released
// (credits.ts creditState, booking.ts bookingHolds).
import type { AppContext } from '#server/context.ts';
import { addNotifications } from '#server/features/notifications/index.ts';

export function subscribeMakeups(
  ctx: AppContext,
  log: { warn: (obj: object, msg: string) => void },
): () => void {
  return ctx.domainEvents.subscribe(
    'lesson.cancelled',
    async (event) => {
      const released = await ctx.database.db
        .updateTable('makeup_credits')
        .set({ booked_schedule_id: null, booked_at: null, booked_by: null })
        .where('booked_schedule_id', '=', event.lesson.scheduleId)
        .returning('student_id')
        .execute();
      await addNotifications(
        ctx,
        released.map((row) => ({
          userId: row.student_id,
          type: 'makeup_released' as const,
          params: {
            class_name: event.lesson.className,
            topic: event.lesson.topic,
            start_time: new Date(event.lesson.start).toISOString(),
            end_time: new Date(event.lesson.end).toISOString(),
          },
          scheduleId: event.lesson.scheduleId,
          classId: event.lesson.classId,
        })),
      );
    },
    log,
  );
}
