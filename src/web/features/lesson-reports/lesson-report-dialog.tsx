// 'Nhận xét buổi học' (docs/decisions/037-lesson-reports.md): a held lesson's report, what it
// covered, the homework and the notes the viewer may read (a student their own, a parent their
// children's, whoever writes reports every student's); for who may write it, the form to write or
// correct it. The server decides what each reads and who writes; this only shows it.
import {
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { REPORT_NOTE_MAX_LENGTH, REPORT_TEXT_MAX_LENGTH } from '#common/lesson-report-rules.ts';
import type { LessonReportDto } from '#common/lesson-reports.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useLessonReport, useSaveLessonReport } from './api.ts';

/** The report's own text: covered, homework, and who wrote and corrected it. */
export function ReportBody({ report }: { report: NonNullable<LessonReportDto['report']> }) {
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600} size="sm">
          {t('lessonReports.covered')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="report-covered">
          {report.covered}
        </Text>
      </div>
      <div>
        <Text fw={600} size="sm">
          {t('lessonReports.homework')}
        </Text>
        <Text
          size="sm"
          c={report.homework ? undefined : 'dimmed'}
          style={{ whiteSpace: 'pre-wrap' }}
          data-testid="report-homework"
        >
          {report.homework ?? t('lessonReports.noHomework')}
        </Text>
      </div>
    </Stack>
  );
}

function ReportView({ data }: { data: LessonReportDto }) {
  const { report } = data;
  if (!report) {
    return (
      <Text c="dimmed" size="sm">
        {data.held ? t('lessonReports.none') : t('lessonReports.notHeld')}
      </Text>
    );
  }
  const notes = data.students.filter((student) => student.note);
  return (
    <Stack gap="sm">
      <ReportBody report={report} />
      {notes.length > 0 && (
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('lessonReports.notes')}
          </Text>
          {notes.map((student) => (
            <Paper key={student.student_id} withBorder p="xs" radius="sm">
              <Text size="xs" c="dimmed">
                {student.full_name}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {student.note}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        {t('lessonReports.writtenBy', {
          name: report.written_by_name ?? '—',
          time: formatDateTime(report.created_at),
        })}
        {report.updated_at !== report.created_at &&
          ` · ${t('lessonReports.updatedBy', {
            name: report.updated_by_name ?? '—',
            time: formatDateTime(report.updated_at),
          })}`}
      </Text>
    </Stack>
  );
}

function ReportForm({ data, onDone }: { data: LessonReportDto; onDone: () => void }) {
  const save = useSaveLessonReport(data.lesson.schedule_id);
  const [covered, setCovered] = useState(data.report?.covered ?? '');
  const [homework, setHomework] = useState(data.report?.homework ?? '');
  const [notes, setNotes] = useState<Record<string, string>>(() =>
    Object.fromEntries(data.students.map((student) => [student.student_id, student.note ?? ''])),
  );
  const [error, setError] = useState<string | null>(null);
  const [coveredError, setCoveredError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setCoveredError(null);
    if (!covered.trim()) {
      setCoveredError(t('error.LESSON_REPORT_COVERED_REQUIRED'));
      return;
    }
    save.mutate(
      {
        covered,
        homework: homework.trim() ? homework : null,
        notes: Object.entries(notes).map(([student_id, note]) => ({ student_id, note })),
      },
      {
        onSuccess: (reply) => {
          notifySuccess(noticeText(reply));
          onDone();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('lessonReports.covered')}
          required
          autosize
          minRows={3}
          maxLength={REPORT_TEXT_MAX_LENGTH}
          value={covered}
          error={coveredError}
          onChange={(event) => setCovered(event.currentTarget.value)}
        />
        <Textarea
          label={t('lessonReports.homework')}
          description={t('lessonReports.homeworkHint')}
          autosize
          minRows={2}
          maxLength={REPORT_TEXT_MAX_LENGTH}
          value={homework}
          onChange={(event) => setHomework(event.currentTarget.value)}
        />
        {data.students.length > 0 && (
          <>
            <Divider label={t('lessonReports.notes')} labelPosition="left" />
            {data.students.map((student) => (
              <Textarea
                key={student.student_id}
                label={t('lessonReports.noteFor', { name: student.full_name })}
                autosize
                minRows={1}
                maxLength={REPORT_NOTE_MAX_LENGTH}
                value={notes[student.student_id] ?? ''}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setNotes((current) => ({ ...current, [student.student_id]: value }));
                }}
              />
            ))}
          </>
        )}
        <FormError message={error} />
        <FormActions
          onCancel={onDone}
          submitLabel={t('lessonReports.save')}
          loading={save.isPending}
        />
      </Stack>
    </form>
  );
}

export function LessonReportDialog({
  scheduleId,
  opened,
  onClose,
}: {
  scheduleId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const report = useLessonReport(scheduleId, opened);
  const [editing, setEditing] = useState(false);
  const close = () => {
    setEditing(false);
    onClose();
  };
  const data = report.data;
  return (
    <Modal opened={opened} onClose={close} title={t('lessonReports.title')} size="lg">
      {report.isPending && <Loader size="sm" />}
      {report.isError && <FormError message={errorText(report.error)} />}
      {data && (
        <Stack gap="md">
          <div>
            <Title order={3} size="h5">
              {data.lesson.class_name}: {data.lesson.topic}
            </Title>
            <Text size="xs" c="dimmed">
              {formatDateTime(data.lesson.start_time)}
              {data.lesson.teacher_name ? ` · ${data.lesson.teacher_name}` : ''}
            </Text>
          </div>
          {editing ? (
            <ReportForm data={data} onDone={() => setEditing(false)} />
          ) : (
            <>
              <ReportView data={data} />
              {data.writable && (
                <Group justify="flex-end">
                  <Button onClick={() => setEditing(true)}>
                    {data.report ? t('lessonReports.edit') : t('lessonReports.write')}
                  </Button>
                </Group>
              )}
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
