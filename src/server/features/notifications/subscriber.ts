// Notifications react to what operations did (lib/domain-events.ts): lessons moved or cancelled
// (a series' or one lesson's; a moved lesson is reminded of again at its new time), a lesson
// started, lessons given to a substitute or taken back, students enrolled. Subscribed once at app start; a failure here is logged by
// the event bus and never fails the write that was made.
import type { AppContext } from '#server/context.ts';
import {
  addNotifications,
  notifyEnrolled,
  notifyLessonChanged,
  notifyLessonStarted,
  notifyLessonsChanged,
  notifySubstituteChanged,
} from './notify.ts';
import { releaseReminders } from './reminders.ts';

export function subscribeNotifications(
  ctx: AppContext,
  log: { warn: (obj: object, msg: string) => void },
): () => void {
  const bus = ctx.domainEvents;
  const unsubscribes = [
    bus.subscribe(
      'lessons.moved',
      async (event) => {
        const retimed = event.lessons.filter((lesson) => lesson.newStart !== undefined);
        await releaseReminders(
          ctx,
          retimed.map((lesson) => lesson.scheduleId),
        );
        await notifyLessonsChanged(ctx, { ...event, type: 'lesson_moved' });
      },
      log,
    ),
    bus.subscribe(
      'lesson.moved',
      async (event) => {
        await releaseReminders(ctx, [event.lesson.scheduleId]);
        await notifyLessonChanged(ctx, {
          type: 'lesson_rescheduled',
          lesson: event.lesson,
          params: { new_start_time: event.newStart, new_end_time: event.newEnd },
          actorId: event.actorId,
        });
      },
      log,
    ),
    bus.subscribe(
      'lesson.cancelled',
      (event) =>
        notifyLessonChanged(ctx, {
          type: 'lesson_cancelled_with_reason',
          lesson: event.lesson,
          params: { reason: event.reason },
          actorId: event.actorId,
        }),
      log,
    ),
    bus.subscribe(
      'lessons.deleted',
      // Only a lesson still to come matters to anyone's plans: a started or completed one was
      // deleted for the record.
      (event) =>
        notifyLessonsChanged(ctx, {
          ...event,
          type: 'lesson_cancelled',
          lessons: event.lessons.filter((lesson) => (lesson.status ?? 'pending') === 'pending'),
        }),
      log,
    ),
    bus.subscribe('lesson.started', (event) => notifyLessonStarted(ctx, event.lesson), log),
    bus.subscribe(
      'lessons.substitute-changed',
      // Reminders are per person: whoever teaches the lesson now gets their own when it is due.
      (event) => notifySubstituteChanged(ctx, event),
      log,
    ),
    bus.subscribe(
      'enrolment.added',
      (event) => notifyEnrolled(ctx, event.classId, event.studentIds),
      log,
    ),
    // Until e-mail is sent (a later issue), the person learns of a new sign-in e-mail here.
    bus.subscribe(
      'user.email-changed',
      async (event) => {
        await addNotifications(ctx, [
          {
            userId: event.userId,
            type: 'email_changed',
            params: { old_email: event.oldEmail, new_email: event.newEmail },
          },
        ]);
      },
      log,
    ),
  ];
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
