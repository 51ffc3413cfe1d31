// 'Nhận xét buổi học' (docs/decisions/037-lesson-reports.md): held lessons, newest first. A student
// reads their lessons' reports with the homework and their own note; a parent their children's,
// naming the child; a teacher the lessons they taught, written or still missing; admin and staff
// the lessons still without a report, by class, teacher and dates, to chase them. Cards, so that
// it reads on a phone.
import { Badge, Group, Pagination, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Role } from '#common/constants.ts';
import {
  LESSON_REPORTS_PAGE_SIZE,
  type LessonReportItemDto,
  type LessonReportListQuery,
} from '#common/lesson-reports.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { SearchableSelect } from '#web/components/searchable-select.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { useClassChoices, useLessonReports, useTeacherChoices } from './api.ts';
import { LessonReportButton } from './lesson-report-button.tsx';
import { ReportBody } from './lesson-report-dialog.tsx';

type State = NonNullable<LessonReportListQuery['state']>;

const subtitleKey = (role: Role) =>
  role === 'student'
    ? 'lessonReports.subtitle.student'
    : role === 'parent'
      ? 'lessonReports.subtitle.parent'
      : role === 'teacher'
        ? 'lessonReports.subtitle.teacher'
        : 'lessonReports.subtitle.staff';

function ReportCard({ item, role }: { item: LessonReportItemDto; role: Role }) {
  const { lesson, report } = item;
  const reads = role === 'student' || role === 'parent';
  return (
    <Paper withBorder p="sm" radius="md" data-testid="lesson-report-item">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={2} miw={0}>
            <Text fw={600}>
              {lesson.class_name}: {lesson.topic}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(lesson.start_time)}
              {lesson.teacher_name ? ` · ${lesson.teacher_name}` : ''}
            </Text>
          </Stack>
          {!reads && (
            <Badge color={report ? 'success' : 'warning'} variant="light" tt="none">
              {report ? t('lessonReports.state.written') : t('lessonReports.state.missing')}
            </Badge>
          )}
        </Group>
        {reads && report && <ReportBody report={report} />}
        {item.students.map((student) => (
          <Text key={student.student_id} size="sm">
            <Text span fw={600}>
              {role === 'parent'
                ? t('lessonReports.childNote', { name: student.full_name })
                : t('lessonReports.yourNote')}
              :{' '}
            </Text>
            {student.note ?? t('lessonReports.noNote')}
          </Text>
        ))}
        <Group justify="flex-end">
          <LessonReportButton lesson={lesson} />
        </Group>
      </Stack>
    </Paper>
  );
}

export default function LessonReportsPage() {
  const role = useSession().data!.user.role;
  const chases = role === 'admin' || role === 'staff';
  const writes = chases || role === 'teacher';
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>(chases ? 'missing' : 'all');
  const [classId, setClassId] = useState<string | null>(null);
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const classChoices = useClassChoices(chases);
  const teacherChoices = useTeacherChoices(chases);
  const query: LessonReportListQuery = {
    page,
    ...(writes ? { state } : {}),
    ...(classId ? { class_id: classId } : {}),
    ...(teacherId ? { teacher_id: teacherId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const reports = useLessonReports(query);
  const narrow =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const total = reports.data?.total ?? 0;
  const pages = Math.ceil(total / LESSON_REPORTS_PAGE_SIZE);

  return (
    <Stack gap="md">
      <PageHeader title={t('lessonReports.title')} subtitle={t(subtitleKey(role))} />
      {writes && (
        <SegmentedControl
          aria-label={t('lessonReports.stateLabel')}
          data={(['missing', 'written', 'all'] as const).map((value) => ({
            value,
            label: t(`lessonReports.state.${value}`),
          }))}
          value={state}
          onChange={(value) => narrow(setState)(value as State)}
          w={{ base: '100%', xs: 'auto' }}
        />
      )}
      {chases && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchableSelect
            w={{ base: '100%', xs: 220 }}
            label={t('lessonReports.class')}
            placeholder={t('lessonReports.anyClass')}
            data={classChoices.data ?? []}
            value={classId}
            onChange={narrow(setClassId)}
          />
          <SearchableSelect
            w={{ base: '100%', xs: 220 }}
            label={t('lessonReports.teacher')}
            placeholder={t('lessonReports.anyTeacher')}
            data={teacherChoices.data ?? []}
            value={teacherId}
            onChange={narrow(setTeacherId)}
          />
          <DateField
            w={{ base: 'calc(50% - 6px)', xs: 160 }}
            label={t('lessonReports.from')}
            value={from}
            onChange={narrow(setFrom)}
            clearable
          />
          <DateField
            w={{ base: 'calc(50% - 6px)', xs: 160 }}
            label={t('lessonReports.to')}
            value={to}
            onChange={narrow(setTo)}
            clearable
          />
        </Group>
      )}
      <QueryState query={reports}>
        {reports.data?.items.length === 0 && (
          <Text c="dimmed">
            {chases && state === 'missing'
              ? t('lessonReports.emptyMissing')
              : t('lessonReports.empty')}
          </Text>
        )}
      </QueryState>
      {reports.data && reports.data.items.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('lessonReports.count', { count: total })}
        </Text>
      )}
      {reports.data?.items.map((item) => (
        <ReportCard key={item.lesson.schedule_id} item={item} role={role} />
      ))}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
