// 'Điểm danh' on a lesson that may be marked now (the Schedules page, the class's lessons tab): the
// button and its dialog, light; the marking itself (lesson-marking.tsx) loads when the dialog
// first opens, a loader in its place meanwhile, as while the lesson's attendance is read.
import { Button, Center, Loader, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChecklist } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { canMarkLesson } from '#common/attendance-rules.ts';
import { actsOnLesson } from '#common/lesson-rules.ts';
import type { LessonDto } from '#common/lessons.ts';
import { hasPermission } from '#common/permissions.ts';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';

const loadMarking = () => import('./lesson-marking.tsx');
const LessonMarking = lazy(() => loadMarking().then((m) => ({ default: m.LessonMarking })));
const preloadMarking = () => {
  loadMarking().catch(() => {});
};

export function MarkLessonButton({ lesson }: { lesson: LessonDto }) {
  const user = useSession().data!.user;
  const role = user.role;
  const [opened, setOpened] = useState(false);
  // On a phone the list takes the whole screen: four choices per student need the width.
  const phone = useMediaQuery('(max-width: 36em)');
  if (!hasPermission(role, 'mark_attendance') || !canMarkLesson(lesson, Date.now())) return null;
  // A covered lesson is marked by its substitute, not the class's teacher.
  if (!actsOnLesson(user, lesson)) return null;
  return (
    <>
      <Button
        variant="light"
        size="xs"
        mt={4}
        style={{ alignSelf: 'flex-start' }}
        leftSection={<IconChecklist size={14} aria-hidden />}
        aria-label={t('attendance.markLessonOf', { topic: lesson.topic })}
        onPointerEnter={preloadMarking}
        onFocus={preloadMarking}
        onClick={() => setOpened(true)}
      >
        {t('attendance.markLesson')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('attendance.markTitle', { topic: lesson.topic })}
        size="lg"
        fullScreen={phone}
        centered
      >
        <Text size="sm" c="dimmed" mb="xs">
          {formatDateTime(lesson.start_time)} – {formatDateTime(lesson.end_time)}
        </Text>
        {opened && (
          <Suspense
            fallback={
              <Center py="xl" aria-busy="true">
                <Loader aria-label={t('common.loading')} />
              </Center>
            }
          >
            <LessonMarking scheduleId={lesson.schedule_id} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
