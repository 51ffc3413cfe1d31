// The class dialog's Điểm danh tab. For the class's teacher, admin and staff: the grid of students
// × lessons with each student's rate, CSV and Excel downloads, and one lesson's marking view
// (what the video provider reported, marks by hand: lesson-marking.tsx). For a student: their own
// attendance in this class.
import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type {
  AttendanceStatusDto,
  ClassAttendanceDto,
  MyAttendanceDto,
} from '#common/attendance.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { useMayExport } from '#web/features/settings/index.ts';
import { type MessageKey, t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { useClassAttendance, useMyAttendance } from './api.ts';
import { NotInClass, STATUS_COLOR, StudentName } from './attendance-marks.tsx';
import { LessonMarking } from './lesson-marking.tsx';

export function AttendanceBadge({ status }: { status: AttendanceStatusDto | null }) {
  if (!status) {
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" tt="none">
      {t(`attendance.status.${status}` as MessageKey)}
    </Badge>
  );
}

const rateText = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** The index of the class's most recent lesson that has started (-1: none has yet). */
const lastPastLesson = (lessons: ClassAttendanceDto['lessons'], now: number) =>
  lessons.findLastIndex((lesson) => Date.parse(lesson.start_time) <= now);

/**
 * Past lessons first (product.md "On a phone"): the columns stay in time order, as in the
 * exports, and the grid opens scrolled so the most recent past lesson is the last column in
 * view, the earlier ones to its left beside the names and the upcoming ones off to the right.
 * Where everything fits, nothing scrolls.
 */
function useOpenAtLastPastLesson(lessons: ClassAttendanceDto['lessons'] | undefined) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastPast = lessons ? lastPastLesson(lessons, Date.now()) : -1;
  // Once per grid shown, before it is painted: later refreshes keep the user's own scrolling.
  const placed = useRef(false);
  useLayoutEffect(() => {
    const box = scroller.current;
    // (A box not laid out, width 0, is not placed: the Điểm danh tab mounts the grid only when
    // shown, so it has its width here.)
    if (!box || box.clientWidth === 0 || placed.current || lastPast < 0) return;
    placed.current = true;
    // The header row's cells: the names, then one per lesson.
    const cell = box.querySelectorAll<HTMLElement>('thead th')[lastPast + 1];
    if (!cell) return;
    const right = cell.offsetLeft + cell.offsetWidth;
    if (right > box.clientWidth) box.scrollLeft = right - box.clientWidth;
  }, [lastPast]);
  return scroller;
}

function ClassGrid({ classId }: { classId: string }) {
  const grid = useClassAttendance(classId);
  const [lessonId, setLessonId] = useState<string | null>(null);
  // Staff export only when the center lets them (the server refuses otherwise).
  const mayExport = useMayExport(useSession().data?.user.role);
  const data = grid.data;
  const scroller = useOpenAtLastPastLesson(data?.lessons);
  if (!data) return <QueryState query={grid} errorMessage={t('error.SCHEDULES_LOAD_FAILED')} />;
  if (data.students.length === 0) return <Text c="dimmed">{t('attendance.noStudents')}</Text>;
  if (data.lessons.length === 0) return <Text c="dimmed">{t('attendance.noLessons')}</Text>;
  const exportUrl = (format: 'csv' | 'xlsx') =>
    `/api/classes/${classId}/attendance/export?format=${format}`;
  return (
    <Stack>
      <Group justify="flex-end" gap="xs">
        {(mayExport ? (['csv', 'xlsx'] as const) : []).map((format) => (
          <Button
            key={format}
            component="a"
            href={exportUrl(format)}
            download
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            {t(format === 'csv' ? 'attendance.exportCsv' : 'attendance.exportXlsx')}
          </Button>
        ))}
      </Group>
      <ResponsiveTable stickyFirstColumn label={t('attendance.grid')} scrollerRef={scroller}>
        <Table striped withColumnBorders aria-label={t('attendance.grid')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('attendance.student')}</Table.Th>
              {data.lessons.map((lesson) => (
                <Table.Th key={lesson.schedule_id} title={lesson.topic}>
                  {formatDateTime(lesson.start_time)}
                </Table.Th>
              ))}
              <Table.Th>{t('attendance.rate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.students.map((student) => (
              <Table.Tr key={student.student_id} data-testid="attendance-grid-row">
                <Table.Td>
                  <StudentName name={student.full_name} leftAt={student.left_at} />
                </Table.Td>
                {student.statuses.map((status, index) => (
                  <Table.Td key={data.lessons[index]!.schedule_id}>
                    {student.enrolled[index] ? (
                      <AttendanceBadge status={status} />
                    ) : (
                      <NotInClass
                        lessonStart={data.lessons[index]!.start_time}
                        leftAt={student.left_at}
                      />
                    )}
                  </Table.Td>
                ))}
                <Table.Td>{rateText(student.rate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ResponsiveTable>
      <Select
        label={t('attendance.lesson')}
        placeholder={t('attendance.lesson')}
        value={lessonId}
        onChange={setLessonId}
        data={data.lessons.map((lesson) => ({
          value: lesson.schedule_id,
          label: `${formatDateTime(lesson.start_time)} – ${lesson.topic}`,
        }))}
      />
      {lessonId && <LessonMarking scheduleId={lessonId} />}
    </Stack>
  );
}

/** A student's own lessons in a class: when, topic, status, minutes. */
export function OwnLessonRows({
  lessons,
}: {
  lessons: MyAttendanceDto['classes'][number]['lessons'];
}) {
  return (
    <Table.Tbody>
      {lessons.map((lesson) => (
        <Table.Tr key={lesson.schedule_id} data-testid="my-attendance-row">
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(lesson.start_time)}</Table.Td>
          <Table.Td>{lesson.topic}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {lesson.status ? (
              <Stack gap={2} align="flex-start">
                <AttendanceBadge status={lesson.status} />
                {lesson.by_hand && (
                  <Text size="xs" c="dimmed">
                    {t('attendance.markedByHand')}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="xs" c="dimmed">
                {t(
                  Date.parse(lesson.start_time) <= Date.now()
                    ? 'attendance.status.unmarked'
                    : 'attendance.status.none',
                )}
              </Text>
            )}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {lesson.status && !lesson.by_hand
              ? t('attendance.minutesValue', { minutes: lesson.minutes })
              : ''}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

function MyAttendance({ classId }: { classId: string }) {
  const mine = useMyAttendance();
  const klass = mine.data?.classes.find((c) => c.class_id === classId);
  if (!mine.data)
    return <QueryState query={mine} errorMessage={t('error.SCHEDULES_LOAD_FAILED')} />;
  if (!klass || klass.lessons.length === 0)
    return <Text c="dimmed">{t('attendance.noLessons')}</Text>;
  return (
    <Stack>
      <Text fw={600}>
        {t('attendance.mine')}: {rateText(klass.rate)}
      </Text>
      <ResponsiveTable label={t('attendance.mine')}>
        <Table striped aria-label={t('attendance.mine')}>
          <OwnLessonRows lessons={klass.lessons} />
        </Table>
      </ResponsiveTable>
    </Stack>
  );
}

export function ClassAttendanceTab({ classId, own }: { classId: string; own: boolean }) {
  return own ? <MyAttendance classId={classId} /> : <ClassGrid classId={classId} />;
}
