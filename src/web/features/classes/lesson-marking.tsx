// Marking a lesson's attendance by hand (docs/decisions/021), on a phone as on a desktop: "Tất cả
// có mặt" at the top marks everyone not yet marked, then each student's row changes the
// exceptions. What the video provider reported fills the rows in first; a mark by hand wins and
// says who made it. Shown under the class's attendance grid and in a dialog opened from the lesson.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { isMarkableStatus } from '#common/attendance-rules.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useLessonAttendance } from './api.ts';
import { EndedEarly, ProviderReportState } from './attendance-marks.tsx';
import { useMarkAllPresent } from './mark-attendance-api.ts';
import { MarkingRow } from './marking-row.tsx';

export function LessonMarking({ scheduleId }: { scheduleId: string }) {
  const lesson = useLessonAttendance(scheduleId);
  const allPresent = useMarkAllPresent(scheduleId);
  const data = lesson.data;
  if (!data) return <QueryState query={lesson} errorMessage={t('error.SCHEDULES_LOAD_FAILED')} />;
  const unmarked = data.students.filter((student) => student.status === null).length;
  const reported = data.students.some((student) => student.reported_status !== null);
  const markAll = () =>
    allPresent.mutate(undefined, {
      onSuccess: (reply) => notifySuccess(noticeText(reply)),
      onError: (error) => notifyError(errorText(error)),
    });
  return (
    <Stack gap="xs" aria-label={t('attendance.marking')} role="group">
      {reported && (
        <Text size="xs" c="dimmed">
          {t('attendance.rule', { percent: data.present_percent, minutes: data.late_minutes })}
        </Text>
      )}
      {data.ended_early_at && <EndedEarly at={data.ended_early_at} />}
      <ProviderReportState report={data.provider_report} />
      {data.markable ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" data-testid="unmarked-count">
            {unmarked > 0
              ? t('attendance.unmarkedCount', { count: unmarked })
              : t('attendance.allMarked')}
          </Text>
          <Button
            size="md"
            leftSection={<IconChecks size={18} aria-hidden />}
            onClick={markAll}
            loading={allPresent.isPending}
            disabled={unmarked === 0}
          >
            {t('attendance.allPresent')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {isMarkableStatus(data.lesson_status)
            ? t('attendance.notYet', { time: formatDateTime(data.start_time) })
            : t('attendance.notMarkable')}
        </Text>
      )}
      {data.students.length === 0 && <Text c="dimmed">{t('attendance.noStudents')}</Text>}
      {data.students.map((student) => (
        <MarkingRow
          key={student.student_id}
          scheduleId={scheduleId}
          student={student}
          markable={data.markable}
        />
      ))}
    </Stack>
  );
}
