// The lessons still planned on closed days: when, which class, its teacher and the day's name, with
// room for what may be done to each (cancel it, move it) through `actions`, so the page that shows
// the list decides which dialogs it offers.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LessonDto } from '#common/lessons.ts';
import { lessonTeacherText } from '#web/components/lesson-teacher.tsx';
import { t } from '#web/i18n/index.ts';
import { formatDate, formatTime, inCenter } from '#web/lib/dates.ts';

export function ClosedDayLessons({
  lessons,
  closedDays,
  label,
  actions,
}: {
  lessons: readonly LessonDto[];
  /** date (YYYY-MM-DD) → name of the closed days, to name the day each lesson falls on. */
  closedDays?: ReadonlyMap<string, string>;
  /** The list's accessible name. */
  label: string;
  /** What may be done to one lesson (buttons); nothing when not given. */
  actions?: (lesson: LessonDto) => ReactNode;
}) {
  return (
    <Stack gap="xs" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {lessons.map((lesson) => {
        const dayName = closedDays?.get(inCenter(lesson.start_time).format('YYYY-MM-DD'));
        const teacher = lessonTeacherText(lesson);
        return (
          <Paper
            key={lesson.schedule_id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-testid="closed-day-lesson"
          >
            <Group justify="space-between" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600} size="sm">
                    {formatTime(lesson.start_time)}–{formatTime(lesson.end_time)}{' '}
                    {formatDate(lesson.start_time)}
                  </Text>
                  {dayName && (
                    <Badge
                      color="warning"
                      variant="light"
                      tt="none"
                      styles={{
                        root: { height: 'auto', maxWidth: '100%' },
                        label: { whiteSpace: 'normal' },
                      }}
                    >
                      {dayName}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {lesson.class.class_name} · {lesson.topic}
                </Text>
                <Text size="xs" c="dimmed">
                  {teacher ? t('closedDays.teacher', { name: teacher }) : t('closedDays.noTeacher')}
                </Text>
              </Stack>
              {actions && (
                <Group gap="xs" wrap="wrap">
                  {actions(lesson)}
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
