// 'Nhận xét buổi học' on a held lesson: the button, light, with the pages that show it; the report's
// dialog (lesson-report-dialog.tsx) loads when it is first opened.
import { Button } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useState } from 'react';
import type { LessonStatus } from '#common/constants.ts';
import { isHeldLesson } from '#common/lesson-report-rules.ts';
import { t } from '#web/i18n/index.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';

const LessonReportDialog = lazyDialog(
  () => import('./lesson-report-dialog.tsx').then((m) => m.LessonReportDialog),
  ({ opened }) => opened,
);

/**
 * 'Nhận xét buổi học' on a held lesson (the class's lessons tab, the dashboard's cards): opens its
 * report. Nothing for a lesson not held yet, or cancelled.
 */
export function LessonReportButton({
  lesson,
}: {
  lesson: { schedule_id: string; topic: string; status: LessonStatus; end_time: string };
}) {
  const [opened, setOpened] = useState(false);
  if (!isHeldLesson(lesson, Date.now())) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconNotes size={14} aria-hidden />}
        aria-label={t('lessonReports.openFor', { topic: lesson.topic })}
        onPointerEnter={LessonReportDialog.preload}
        onFocus={LessonReportDialog.preload}
        onClick={() => setOpened(true)}
      >
        {t('lessonReports.open')}
      </Button>
      {opened && (
        <LessonReportDialog
          scheduleId={lesson.schedule_id}
          opened={opened}
          onClose={() => setOpened(false)}
        />
      )}
    </>
  );
}
