// Notifications react to what operations did (lib/domain-events.ts): lessons moved or cancelled,
// a lesson started, students enrolled. Subscribed once at app start; a failure here is logged by
// the event bus and never fails the write that was made.
import type { AppContext } from '#server/context.ts';
import { notifyEnrolled, notifyLessonStarted, notifyLessonsChanged } from './notify.ts';

export function subscribeNotifications(
  ctx: AppContext,
  log: { warn: (obj: object, msg: string) => void },
): () => void {
  const bus = ctx.domainEvents;
  const unsubscribes = [
    bus.subscribe(
      'lessons.moved',
      (event) => notifyLessonsChanged(ctx, { ...event, type: 'lesson_moved' }),
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
      'enrolment.added',
      (event) => notifyEnrolled(ctx, event.classId, event.studentIds),
      log,
    ),
  ];
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
