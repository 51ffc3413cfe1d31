// The class details dialog (product.md §2): Tổng Quan, Học Viên (not for students), Lịch Học.
// Admin and staff edit and delete the class, enrol and remove students, add and delete lessons.
// `readOnly` (from the Schedules page) shows without any of those controls.
import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { MEETING_URL_DISPLAY_LENGTH } from '#common/constants.ts';
import type { ScheduleDto } from '#common/dto.ts';
import { canDeleteLesson, hasPermission } from '#common/permissions.ts';
import { TeacherTag } from '#web/components/color-tag.tsx';
import { useConfirmDelete } from '#web/components/confirm-dialog.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { SearchableSelect } from '#web/components/searchable-select.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { useSession } from '#web/features/auth/api.ts';
import { t } from '#web/i18n/index.ts';
import { formatDate, formatDateTime } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { lessonState, stateColor, stateLabel } from '#web/lib/schedule-status.ts';
import { AddLessonModal } from './add-lesson-modal.tsx';
import {
  useClass,
  useClassLessons,
  useClassStudents,
  useDeleteClass,
  useDeleteLesson,
  useEnrol,
  useRemoveStudent,
  useStudentOptions,
} from './api.ts';
import { ClassFormModal } from './class-form-modal.tsx';
import { EndLessonButton } from './end-lesson-button.tsx';
import { EditTopicButton, LessonTopicEditor } from './lesson-topic-editor.tsx';

export const truncateUrl = (url: string) =>
  url.length > MEETING_URL_DISPLAY_LENGTH ? `${url.slice(0, MEETING_URL_DISPLAY_LENGTH)}...` : url;

function MeetingUrl({ label, url }: { label: string; url: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}:
      </Text>
      <Text size="xs" ff="monospace" title={url}>
        {truncateUrl(url)}
      </Text>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('classes.copied') : t('classes.copy', { what: label })}>
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label={t('classes.copy', { what: label })}
              onClick={() => {
                // CopyButton swallows clipboard failures: check the API ourselves to report them.
                if (!navigator.clipboard) return notifyError(t('classes.copyFailed'));
                navigator.clipboard
                  .writeText(url)
                  .then(copy, () => notifyError(t('classes.copyFailed')));
              }}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function LessonItem({
  lesson,
  mayDelete,
  mayEditTopic,
  onDelete,
}: {
  lesson: ScheduleDto;
  mayDelete: boolean;
  mayEditTopic: boolean;
  onDelete: () => void;
}) {
  const state = lessonState(lesson);
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <Paper withBorder p="sm" radius="md" data-testid="lesson-item">
        <LessonTopicEditor lesson={lesson} onDone={() => setEditing(false)} />
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" data-testid="lesson-item">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{lesson.topic}</Text>
            <Badge color={stateColor[state]} variant="light" tt="none">
              {stateLabel(lesson)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(lesson.start_time)} – {formatDateTime(lesson.end_time)}
          </Text>
          {lesson.zoom_join_url && (
            <MeetingUrl label={t('classes.meetingUrl')} url={lesson.zoom_join_url} />
          )}
          {lesson.zoom_start_url && (
            <MeetingUrl label={t('classes.startUrl')} url={lesson.zoom_start_url} />
          )}
        </Stack>
        {mayEditTopic && <EditTopicButton lesson={lesson} onEdit={() => setEditing(true)} />}
        <EndLessonButton lesson={lesson} />
        {mayDelete && (
          <ActionIcon
            color="error"
            variant="subtle"
            aria-label={t('classes.deleteLesson', { topic: lesson.topic })}
            onClick={onDelete}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}

export function ClassDetailsDialog({
  classId,
  onClose,
  readOnly = false,
}: {
  classId: string | null;
  onClose: () => void;
  readOnly?: boolean;
}) {
  // The same query as the details below (shared by its key): the title is the class's name.
  const klass = useClass(classId);
  return (
    <Modal
      opened={classId !== null}
      onClose={onClose}
      title={klass.data?.class_name ?? t('classes.detailsTitle')}
      size="xl"
      centered
    >
      {classId && <ClassDetails classId={classId} onClose={onClose} readOnly={readOnly} />}
    </Modal>
  );
}

function ClassDetails({
  classId,
  onClose,
  readOnly,
}: {
  classId: string;
  onClose: () => void;
  readOnly: boolean;
}) {
  const session = useSession();
  const role = session.data!.user.role;
  const klass = useClass(classId);
  const lessons = useClassLessons(classId);
  const manage = !readOnly && hasPermission(role, 'create_class');
  const seesStudents = role !== 'student';
  const students = useClassStudents(classId, seesStudents);
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const options = useStudentOptions(classId, query, manage);
  const enrol = useEnrol();
  const remove = useRemoveStudent();
  const deleteClass = useDeleteClass();
  const deleteLesson = useDeleteLesson();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState(false);
  const [addingLesson, setAddingLesson] = useState(false);

  if (!klass.data) {
    return <QueryState query={klass} errorMessage={t('error.CLASS_LOAD_FAILED')} />;
  }
  const c = klass.data;

  const removeClass = async () => {
    if (
      !(await confirmDelete(
        t('classes.delete'),
        t('classes.deleteMessage', { name: c.class_name }),
      ))
    )
      return;
    // product.md §8: class delete errors are only logged.
    deleteClass.mutate(classId, {
      onSuccess: () => {
        notifySuccess(t('error.CLASS_DELETED'));
        onClose();
      },
      onError: (e) => console.error(e),
    });
  };
  const removeLesson = async (lesson: ScheduleDto) => {
    if (
      !(await confirmDelete(
        t('classes.deleteLessonTitle'),
        t('classes.deleteLessonMessage', { topic: lesson.topic }),
      ))
    )
      return;
    deleteLesson.mutate(lesson.schedule_id, {
      onSuccess: (result) => notifySuccess(result.message, t('classes.deleted')),
      onError: (e) => notifyError(errorText(e), t('error.SCHEDULE_DELETE_FAILED')),
    });
  };

  return (
    <>
      <Tabs defaultValue="overview">
        <Tabs.List>
          <Tabs.Tab value="overview">{t('classes.tab.overview')}</Tabs.Tab>
          {seesStudents && <Tabs.Tab value="students">{t('classes.tab.students')}</Tabs.Tab>}
          <Tabs.Tab value="schedules">{t('classes.tab.schedules')}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="overview" pt="md">
          <Stack>
            <Text fw={700} size="lg">
              {c.class_name}
            </Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('classes.teacher')}:
              </Text>
              <TeacherTag name={c.teacher.full_name} />
            </Group>
            <Text size="sm">
              {t('classes.dates')}: {formatDate(c.start_date)} – {formatDate(c.end_date)}
            </Text>
            {c.description && <Text size="sm">{c.description}</Text>}
            <Group gap="xs">
              <Badge variant="outline" tt="none">
                {t('classes.students', { count: c.student_count })}
              </Badge>
              <Badge variant="outline" tt="none">
                {t('classes.lessons', { count: c.schedule_count })}
              </Badge>
            </Group>
            {manage && (
              <Group>
                <Button
                  leftSection={<IconPencil size={16} aria-hidden />}
                  variant="light"
                  onClick={() => setEditing(true)}
                >
                  {t('classes.edit')}
                </Button>
                <Button
                  leftSection={<IconTrash size={16} aria-hidden />}
                  color="error"
                  variant="light"
                  onClick={() => void removeClass()}
                >
                  {t('classes.delete')}
                </Button>
              </Group>
            )}
          </Stack>
        </Tabs.Panel>

        {seesStudents && (
          <Tabs.Panel value="students" pt="md">
            <Stack>
              {manage && (
                <Group align="flex-end" wrap="nowrap">
                  <SearchableSelect
                    flex={1}
                    label={t('classes.pickStudent')}
                    data={(options.data ?? []).map((s) => ({
                      value: s.user_id,
                      label: `${s.full_name} (${s.email})`,
                    }))}
                    value={picked}
                    onChange={setPicked}
                    searchValue={query}
                    onSearchChange={setQuery}
                  />
                  <Button
                    leftSection={<IconPlus size={16} aria-hidden />}
                    disabled={!picked}
                    loading={enrol.isPending}
                    onClick={() =>
                      picked &&
                      enrol.mutate(
                        { classId, studentIds: [picked] },
                        {
                          onSuccess: (result) => {
                            notifySuccess(result.message);
                            setPicked(null);
                            setQuery('');
                          },
                          onError: (e) => notifyError(errorText(e), t('classes.enrolFailed')),
                        },
                      )
                    }
                  >
                    {t('classes.add')}
                  </Button>
                </Group>
              )}
              <QueryState query={students}>
                {students.data?.length === 0 ? (
                  <Text c="dimmed">{t('classes.noStudents')}</Text>
                ) : (
                  <Table>
                    <Table.Tbody>
                      {students.data?.map((student) => (
                        <Table.Tr key={student.user_id}>
                          <Table.Td w={48}>
                            <UserAvatar
                              name={student.full_name}
                              url={student.avatar_url}
                              size="sm"
                            />
                          </Table.Td>
                          <Table.Td>{student.full_name}</Table.Td>
                          <Table.Td>{student.email}</Table.Td>
                          <Table.Td w={48}>
                            {manage && (
                              <ActionIcon
                                color="error"
                                variant="subtle"
                                aria-label={t('classes.removeStudent', { name: student.full_name })}
                                onClick={async () => {
                                  if (
                                    !(await confirmDelete(
                                      t('classes.removeStudentTitle'),
                                      t('classes.removeStudentMessage', {
                                        name: student.full_name,
                                      }),
                                    ))
                                  )
                                    return;
                                  remove.mutate(
                                    { classId, studentId: student.user_id },
                                    {
                                      onSuccess: (r) => notifySuccess(r.message),
                                      onError: (e) =>
                                        notifyError(errorText(e), t('classes.removeFailed')),
                                    },
                                  );
                                }}
                              >
                                <IconTrash size={16} aria-hidden />
                              </ActionIcon>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </QueryState>
            </Stack>
          </Tabs.Panel>
        )}

        <Tabs.Panel value="schedules" pt="md">
          <Stack>
            {manage && (
              <Group justify="flex-end">
                <Button
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setAddingLesson(true)}
                >
                  {t('classes.addLesson')}
                </Button>
              </Group>
            )}
            <QueryState query={lessons} errorMessage={t('error.SCHEDULES_LOAD_FAILED')}>
              {lessons.data?.length === 0 && <Text c="dimmed">{t('classes.noLessons')}</Text>}
            </QueryState>
            {lessons.data?.map((lesson) => (
              <LessonItem
                key={lesson.schedule_id}
                lesson={lesson}
                mayDelete={manage && canDeleteLesson(role, lesson.status)}
                mayEditTopic={!readOnly && hasPermission(role, 'update_schedule_topic')}
                onDelete={() => void removeLesson(lesson)}
              />
            ))}
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <ClassFormModal opened={editing} onClose={() => setEditing(false)} klass={c} />
      <AddLessonModal
        classId={classId}
        opened={addingLesson}
        onClose={() => setAddingLesson(false)}
      />
    </>
  );
}
