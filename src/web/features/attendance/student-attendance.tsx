// A student's attendance in each of their classes, those they left included (marked), over the
// lessons they were in the class for, and one overall rate. Shown on the student's own page and
// in the student's details for admin and staff.
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { StudentAttendanceDto } from '#common/attendance.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { OwnLessonRows } from '#web/features/classes/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDate } from '#web/lib/dates.ts';
import { useStudentAttendance } from './api.ts';

const rateText = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

function ClassRecord({ record }: { record: StudentAttendanceDto['classes'][number] }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="student-attendance-class">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Group gap="xs" wrap="wrap">
          <Title order={3} size="h5">
            {record.class_name}
          </Title>
          {record.left_at && (
            <Badge color="gray" variant="light" tt="none">
              {t('attendanceRecord.leftOn', { date: formatDate(record.left_at) })}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600}>
          {t('attendanceRecord.classRate', { rate: rateText(record.rate) })}
        </Text>
      </Group>
      {record.lessons.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('attendanceRecord.noLessons')}
        </Text>
      ) : (
        <ResponsiveTable label={record.class_name}>
          <Table striped aria-label={record.class_name}>
            <OwnLessonRows lessons={record.lessons} />
          </Table>
        </ResponsiveTable>
      )}
    </Paper>
  );
}

/** `studentId`: 'me' for the signed-in student's own. */
export function StudentAttendance({ studentId }: { studentId: 'me' | string }) {
  const query = useStudentAttendance(studentId);
  const data = query.data;
  if (!data) return <QueryState query={query} errorMessage={t('error.SCHEDULES_LOAD_FAILED')} />;
  if (data.classes.length === 0) {
    return <Text c="dimmed">{t('attendanceRecord.noClasses')}</Text>;
  }
  return (
    <Stack gap="sm">
      <Text fw={700} data-testid="student-attendance-rate">
        {t('attendanceRecord.overall', { rate: rateText(data.rate) })}
      </Text>
      {data.classes.map((record) => (
        <ClassRecord key={record.class_id} record={record} />
      ))}
    </Stack>
  );
}
