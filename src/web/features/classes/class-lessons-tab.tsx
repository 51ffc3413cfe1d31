// The class dialog's Lịch Học tab: the class's lessons in time order with their state and meeting
// links; admin and staff add, move, cancel and delete lessons, admin and the teacher change topics,
// whoever hosts ends a running one, and whoever marks attendance opens it from a lesson's start
// time on. A cancelled lesson stays, struck through, with its reason.
import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconCopy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { MEETING_URL_DISPLAY_LENGTH } from '#common/constants.ts';
import type { LessonDto } from '#common/lessons.ts';
import type { MaterialListDto } from '#common/materials.ts';
import { canDeleteLesson, hasPermission } from '#common/permissions.ts';
import type { ClassRecordingsDto } from '#common/recordings.ts';
import { CancellationNote } from '#web/components/cancellation-note.tsx';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { DeleteIconButton } from '#web/components/delete-icon-button.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { RecordHistoryButton } from '#web/features/audit/index.ts';
import { useSession } from '#web/features/auth/index.ts';
import { LessonReportButton } from '#web/features/lesson-reports/index.ts';
import { LessonMaterials, useClassMaterials } from '#web/features/materials/index.ts';
import { LessonRecordings, useClassRecordings } from '#web/features/recordings/index.ts';
import { VenueBadge } from '#web/features/rooms/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { lessonState, stateColor, stateLabel } from '#web/lib/lesson-status.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { AddLessonModal } from './add-lesson-modal.tsx';
import { useClassLessons, useDeleteLesson } from './api.ts';
import { EndLessonButton } from './end-lesson-button.tsx';
import { EditFollowingModal, FollowingLessonsButtons } from './following-lessons.tsx';
import { LessonChangeMenu, mayChangeLesson } from './lesson-change-menu.tsx';
import { LessonSeriesModal } from './lesson-series-modal.tsx';
import { EditTopicButton, LessonTopicEditor } from './lesson-topic-editor.tsx';
import { MarkLessonButton } from './mark-lesson-button.tsx';

const truncateUrl = (url: string) =>
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
  manage,
  mayChange,
  onEditFollowing,
  recordings,
  materials,
}: {
  lesson: LessonDto;
  recordings: ClassRecordingsDto | undefined;
  materials: MaterialListDto | undefined;
  mayDelete: boolean;
  mayEditTopic: boolean;
  onDelete: () => void;
  manage: boolean;
  mayChange: boolean;
  onEditFollowing: () => void;
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
            <Text fw={600} td={state === 'cancelled' ? 'line-through' : undefined}>
              {lesson.topic}
            </Text>
            <Badge color={stateColor[state]} variant="light" tt="none">
              {stateLabel(lesson)}
            </Badge>
            {lesson.series_index != null && (
              <Badge color="gray" variant="outline" tt="none">
                {t('series.badge', { n: lesson.series_index })}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Text size="xs" c="dimmed" td={state === 'cancelled' ? 'line-through' : undefined}>
              {formatDateTime(lesson.start_time)} – {formatDateTime(lesson.end_time)}
            </Text>
            <VenueBadge lesson={lesson} />
          </Group>
          {lesson.substitute_name && (
            <Text size="sm" c="dimmed" data-testid="lesson-substitute">
              {t('substitutes.covers', { name: lesson.substitute_name })}
            </Text>
          )}
          <CancellationNote lesson={lesson} />
          {lesson.meeting?.join.join_url && (
            <MeetingUrl label={t('classes.meetingUrl')} url={lesson.meeting.join.join_url} />
          )}
          {lesson.meeting?.secret?.start_url && (
            <MeetingUrl label={t('classes.startUrl')} url={lesson.meeting.secret.start_url} />
          )}
          <MarkLessonButton lesson={lesson} />
          <LessonRecordings lesson={lesson} recordings={recordings} />
          <LessonMaterials scheduleId={lesson.schedule_id} materials={materials} />
          <Group gap="xs">
            <LessonReportButton lesson={lesson} />
          </Group>
        </Stack>
        {mayEditTopic && <EditTopicButton lesson={lesson} onEdit={() => setEditing(true)} />}
        <EndLessonButton lesson={lesson} />
        {manage && lesson.series_id && state === 'pending' && (
          <FollowingLessonsButtons lesson={lesson} onEdit={onEditFollowing} />
        )}
        <RecordHistoryButton type="lesson" id={lesson.schedule_id} name={lesson.topic} />
        {mayChange && <LessonChangeMenu lesson={lesson} />}
        {mayDelete && (
          <DeleteIconButton
            label={t('classes.deleteLesson', { topic: lesson.topic })}
            onClick={onDelete}
          />
        )}
      </Group>
    </Paper>
  );
}

export function ClassLessonsTab({
  classId,
  manage,
  readOnly,
}: {
  classId: string;
  manage: boolean;
  readOnly: boolean;
}) {
  const role = useSession().data!.user.role;
  const lessons = useClassLessons(classId);
  const recordings = useClassRecordings(classId);
  const materials = useClassMaterials(classId);
  const deleteLesson = useDeleteLesson();
  const [adding, setAdding] = useState(false);
  const [addingSeries, setAddingSeries] = useState(false);
  const [editingFollowing, setEditingFollowing] = useState<LessonDto | null>(null);
  const removeLesson = (lesson: LessonDto) =>
    confirmDeletion(
      t('classes.deleteLessonTitle'),
      t('classes.deleteLessonMessage', { topic: lesson.topic }),
      () =>
        deleteLesson.mutate(lesson.schedule_id, {
          onSuccess: (result) => notifySuccess(noticeText(result), t('classes.deleted')),
          onError: (e) => notifyError(errorText(e), t('error.SCHEDULE_DELETE_FAILED')),
        }),
    );

  return (
    <Stack>
      {manage && (
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconCalendarPlus size={16} aria-hidden />}
            onClick={() => setAddingSeries(true)}
          >
            {t('series.add')}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
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
          onDelete={() => removeLesson(lesson)}
          manage={manage}
          mayChange={manage && mayChangeLesson(role, lesson)}
          onEditFollowing={() => setEditingFollowing(lesson)}
          recordings={recordings.data}
          materials={materials.data}
        />
      ))}
      <AddLessonModal classId={classId} opened={adding} onClose={() => setAdding(false)} />
      <LessonSeriesModal
        classId={classId}
        opened={addingSeries}
        onClose={() => setAddingSeries(false)}
      />
      <EditFollowingModal lesson={editingFollowing} onClose={() => setEditingFollowing(null)} />
    </Stack>
  );
}
