// The marks of fair attendance in the class's grid and a lesson's detail: a student who left the
// class ('Đã rời lớp'), a lesson a student was not in the class for (before they enrolled or after
// they left: it counts nothing), and a lesson measured on the time it ran because it ended early;
// and the colour of each status, the same in the grid, the badges and the marking view.
import { Badge, Group, Text } from '@mantine/core';
import type { AttendanceStatusDto, LessonAttendanceDto } from '#common/attendance.ts';
import { t } from '#web/i18n/index.ts';
import { formatDateTime, formatTime } from '#web/lib/dates.ts';

export const STATUS_COLOR: Record<AttendanceStatusDto, string> = {
  present: 'success',
  late: 'warning',
  absent: 'error',
  excused: 'primary',
};

export function StudentName({ name, leftAt }: { name: string; leftAt: string | null }) {
  if (!leftAt) return <>{name}</>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {name}
      </Text>
      <Badge color="gray" variant="outline" tt="none" size="sm">
        {t('attendanceRecord.left')}
      </Badge>
    </Group>
  );
}

export function NotInClass({
  lessonStart,
  leftAt,
}: {
  lessonStart: string;
  leftAt: string | null;
}) {
  const afterLeaving = leftAt !== null && Date.parse(leftAt) <= Date.parse(lessonStart);
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {t(afterLeaving ? 'attendanceRecord.left' : 'attendanceRecord.notYetIn')}
    </Text>
  );
}

export function EndedEarly({ at }: { at: string }) {
  return (
    <Text size="xs" c="dimmed">
      {t('attendanceRecord.endedEarly', { time: formatTime(at) })}
    </Text>
  );
}

/**
 * Where reconciling with the provider's participants report stands (docs/decisions/035): awaited,
 * done at a time, not on the account's plan, or failed (the last two keep the webhooks' stays).
 */
export function ProviderReportState({
  report,
}: {
  report: LessonAttendanceDto['provider_report'];
}) {
  if (!report) return null;
  const text =
    report.state === 'done' && report.reconciled_at
      ? t('attendance.report.done', { time: formatDateTime(report.reconciled_at) })
      : t(`attendance.report.${report.state === 'done' ? 'pending' : report.state}`);
  return (
    <Text
      size="xs"
      c={report.state === 'done' ? 'dimmed' : 'warning'}
      data-testid="provider-report"
    >
      {text}
    </Text>
  );
}
