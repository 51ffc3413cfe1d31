// A child's lesson as their parent sees it (issue 29): the student's card (topic, class, teacher,
// venue, time, a cancellation's reason) with the lesson's state as a tag, never a join or start
// button: a parent follows lessons, they do not attend them. A held lesson opens its report
// ('Nhận xét buổi học': what it covered, the homework, the child's own note).
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isHeldLesson } from '#common/lesson-reports.ts';
import type { LessonDto } from '#common/lessons.ts';
import { CancellationNote } from '#web/components/cancellation-note.tsx';
import { ClassTag } from '#web/components/color-tag.tsx';
import { lessonTeacherText } from '#web/components/lesson-teacher.tsx';
import { LessonReportButton } from '#web/features/lesson-reports/index.ts';
import { VenueBadge } from '#web/features/rooms/index.ts';
import { formatDate, formatTime } from '#web/lib/dates.ts';
import { lessonState, stateColor, stateLabel } from '#web/lib/lesson-status.ts';

export function ChildLessonCard({ lesson, extra }: { lesson: LessonDto; extra?: ReactNode }) {
  const struck = lesson.status === 'cancelled' ? 'line-through' : undefined;
  const now = Date.now();
  const teacher = lessonTeacherText(lesson);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="child-lesson">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={700} td={struck} miw={0}>
            {lesson.topic}
          </Text>
          <Badge
            color={stateColor[lessonState(lesson, now)]}
            variant="light"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {stateLabel(lesson, now)}
          </Badge>
        </Group>
        <Group gap="xs">
          <ClassTag name={lesson.class.class_name} />
          {teacher && (
            <Text size="sm" c="dimmed">
              {teacher}
            </Text>
          )}
          <VenueBadge lesson={lesson} />
        </Group>
        <Text size="sm" c="dimmed" td={struck}>
          {formatDate(lesson.start_time)} · {formatTime(lesson.start_time)} –{' '}
          {formatTime(lesson.end_time)}
        </Text>
        <CancellationNote lesson={lesson} />
        {isHeldLesson(lesson, now) && (
          <Group gap="xs">
            <LessonReportButton lesson={lesson} />
          </Group>
        )}
        {extra}
      </Stack>
    </Paper>
  );
}
