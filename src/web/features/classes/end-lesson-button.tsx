// 'Kết thúc buổi học': the class's teacher or an admin ends a running lesson on purpose, after a
// confirmation. The server ends the meeting, completes the lesson and frees its account, once
// (a click that loses a race with the provider's own end is told the lesson is over).
import { Button } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { actsOnLesson } from '#common/lesson-rules.ts';
import type { LessonDto } from '#common/lessons.ts';
import { canEndLesson } from '#common/permissions.ts';
import { hasHostedMeeting } from '#common/venue-ids.ts';
import { confirmThen } from '#web/components/confirm.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { useEndLesson } from './api.ts';

/**
 * Whoever may host a lesson may end it: admin, and a teacher (who sees only their classes); a
 * lesson in a room or on a link, also staff (canEndLesson).
 */
export function useMayEndLesson(lesson: LessonDto): boolean {
  const user = useSession().data?.user;
  return (
    lesson.status === 'active' &&
    user !== undefined &&
    canEndLesson(user.role, lesson.venue) &&
    actsOnLesson(user, lesson)
  );
}

export function EndLessonButton({ lesson }: { lesson: LessonDto }) {
  const end = useEndLesson();
  const mayEnd = useMayEndLesson(lesson);
  if (!mayEnd) return null;
  const onClick = async () => {
    confirmThen({
      title: t('lesson.endNow'),
      // Only a hosted meeting closes for everyone in it; a room or a link has none.
      message: t(hasHostedMeeting(lesson.venue) ? 'lesson.endMessage' : 'venues.endMessage', {
        topic: lesson.topic,
      }),
      confirmText: t('lesson.endNow'),
      danger: true,
      onConfirm: () => end.mutate(lesson.schedule_id),
    });
  };
  return (
    <Button
      size="xs"
      color="error"
      variant="light"
      leftSection={<IconPlayerStop size={14} aria-hidden />}
      loading={end.isPending}
      aria-label={t('lesson.endNamed', { topic: lesson.topic })}
      onClick={() => void onClick()}
    >
      {t('lesson.endNow')}
    </Button>
  );
}
