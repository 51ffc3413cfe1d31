// One lesson on the Schedules page: topic, status tag, class tag, teacher or 'not assigned', its
// venue, date, start–end, student count and session n/total; a cancelled one struck through, with
// its reason. Parts hide at 750, 550 and 520 px of content width (container queries in the
// stylesheet).
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LessonDto } from '#common/lessons.ts';
import { CancellationNote } from '#web/components/cancellation-note.tsx';
import { ClassTag } from '#web/components/color-tag.tsx';
import { FullTextTooltip } from '#web/components/full-text-tooltip.tsx';
import { lessonTeacherText } from '#web/components/lesson-teacher.tsx';
import { VenueBadge } from '#web/features/rooms/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDate, formatTime } from '#web/lib/dates.ts';
import { lessonState, stateColor, stateLabel } from '#web/lib/lesson-status.ts';
import classes from './schedules-page.module.css';

export function LessonCard({
  lesson,
  onOpen,
  action,
}: {
  lesson: LessonDto;
  onOpen: () => void;
  /** A control of its own beside the card (the card itself is one big button). */
  action?: ReactNode;
}) {
  const state = lessonState(lesson);
  const struck = state === 'cancelled' ? 'line-through' : undefined;
  const teacherName = lessonTeacherText(lesson) ?? t('schedules.notAssigned');
  const card = (
    <FullTextTooltip
      text={`${lesson.topic} · ${lesson.class.class_name} · ${teacherName}`}
      onFocusOnly
    >
      <Paper
        withBorder
        radius="md"
        p="md"
        component="button"
        type="button"
        className={classes.card}
        onClick={onOpen}
        data-testid="schedule-card"
        aria-label={lesson.topic}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={6} miw={0}>
            <Group gap="xs">
              <FullTextTooltip text={lesson.topic}>
                <Text fw={700} truncate td={struck}>
                  {lesson.topic}
                </Text>
              </FullTextTooltip>
              <Badge color={stateColor[state]} variant="light" tt="none">
                {stateLabel(lesson)}
              </Badge>
            </Group>
            <Group gap="xs">
              <ClassTag name={lesson.class.class_name} />
              <Text size="sm" c="dimmed" className={classes.teacher}>
                {teacherName}
              </Text>
              <VenueBadge lesson={lesson} />
            </Group>
            <CancellationNote lesson={lesson} />
          </Stack>
          <Stack gap={4} align="flex-end" className={classes.side}>
            <Text size="sm" className={classes.date} td={struck}>
              {formatDate(lesson.start_time)}
            </Text>
            <Text size="sm" fw={600} td={struck}>
              {formatTime(lesson.start_time)} – {formatTime(lesson.end_time)}
            </Text>
            <Group gap="xs" className={classes.meta}>
              {lesson.student_count !== undefined && (
                <Text size="xs" c="dimmed" className={classes.students}>
                  {t('schedules.students', { count: lesson.student_count })}
                </Text>
              )}
              {lesson.session_index !== undefined && (
                <Text size="xs" c="dimmed" className={classes.session}>
                  {t('schedules.session', {
                    n: lesson.session_index,
                    total: lesson.session_total ?? 0,
                  })}
                </Text>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
    </FullTextTooltip>
  );
  if (!action) return card;
  return (
    <div className={classes.withAction}>
      {card}
      <div className={classes.action}>{action}</div>
    </div>
  );
}
