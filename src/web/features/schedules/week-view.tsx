// The Schedules page's week (product.md, Deviations): a calendar grid, days as columns and hours
// as rows, each lesson placed by its time with its topic, class and teacher; where the content is
// too narrow for seven columns (a phone), the same week as a list day by day. Each day is a region
// named by the day, in both forms. A click opens what the list's card opens.
import { Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import type { LessonDto } from '#common/lessons.ts';
import { lessonTeacherText } from '#web/components/lesson-teacher.tsx';
import { t } from '#web/i18n/index.ts';
import { classTagColor } from '#web/lib/colors.ts';
import { formatTime } from '#web/lib/dates.ts';
import { lessonState, stateColor, stateLabel } from '#web/lib/lesson-status.ts';
import { dayName, dayShort, today, weekDays } from './week-dates.ts';
import { hourRange, type PlacedLesson, placeLessons } from './week-layout.ts';
import classes from './week-view.module.css';

/** Below this content width the seven columns become a list of days. */
const GRID_MIN_WIDTH = 620;
const HOUR_PX = 56;
/** The narrowest a lesson gets beside others at the same time. */
const LANE_MIN_PX = 76;

export function WeekView({
  monday,
  lessons,
  onOpen,
}: {
  monday: string;
  lessons: LessonDto[];
  onOpen: (lesson: LessonDto) => void;
}) {
  const { ref, width } = useElementSize();
  const days = weekDays(monday);
  const placed = placeLessons(lessons);
  return (
    <div ref={ref} data-testid="week-view">
      {width >= GRID_MIN_WIDTH ? (
        <WeekGrid days={days} placed={placed} onOpen={onOpen} />
      ) : (
        <DayList days={days} placed={placed} onOpen={onOpen} />
      )}
    </div>
  );
}

/**
 * A lesson's colours: its class's (as its tag on every page) and, on its edge, its state's; a
 * status this page does not know (cancelled…) gets gray.
 */
function lessonStyle(lesson: LessonDto): CSSProperties {
  const state = stateColor[lessonState(lesson)] ?? 'gray';
  const klass = classTagColor(lesson.class.class_name);
  return {
    '--lesson-state': `var(--mantine-color-${state}-6)`,
    '--lesson-bg': klass.bg,
    '--lesson-fg': klass.fg,
  } as CSSProperties;
}

function LessonBlock({
  lesson,
  onOpen,
  style,
  compact = false,
}: {
  lesson: LessonDto;
  onOpen: () => void;
  style?: CSSProperties;
  compact?: boolean;
}) {
  const teacher = lessonTeacherText(lesson) ?? t('schedules.notAssigned');
  const time = `${formatTime(lesson.start_time)}–${formatTime(lesson.end_time)}`;
  return (
    <button
      type="button"
      className={compact ? classes.block : classes.item}
      data-status={lesson.status}
      data-testid="week-lesson"
      style={{ ...lessonStyle(lesson), ...style }}
      onClick={onOpen}
      title={`${time} · ${lesson.topic} · ${lesson.class.class_name} · ${teacher} · ${stateLabel(lesson)}`}
    >
      <span className={classes.time}>{time}</span>
      <span className={classes.topic}>{lesson.topic}</span>
      <span className={classes.line}>{lesson.class.class_name}</span>
      <span className={classes.line}>{teacher}</span>
      {!compact && <span className={classes.state}>{stateLabel(lesson)}</span>}
    </button>
  );
}

interface DaysProps {
  days: string[];
  placed: Map<string, PlacedLesson[]>;
  onOpen: (lesson: LessonDto) => void;
}

function WeekGrid({ days, placed, onOpen }: DaysProps) {
  const { first, last } = hourRange(placed);
  const hours = Array.from({ length: last - first }, (_, index) => first + index);
  const now = today();
  const height = (last - first) * HOUR_PX;
  const toPx = (minutes: number) => ((minutes - first * 60) / 60) * HOUR_PX;
  // A day whose lessons overlap gets room for each of them side by side (the grid then scrolls
  // sideways rather than squeezing them).
  const lanes = days.map((day) => Math.max(1, ...(placed.get(day) ?? []).map((p) => p.lanes)));
  const columns = lanes.map((n) => `minmax(${n * LANE_MIN_PX}px, ${n}fr)`).join(' ');
  return (
    <div className={classes.scroller}>
      <div
        className={classes.grid}
        style={
          { '--hour-px': `${HOUR_PX}px`, gridTemplateColumns: `44px ${columns}` } as CSSProperties
        }
      >
        <div className={classes.corner} />
        {days.map((day) => {
          const { weekday, date } = dayShort(day);
          return (
            <div key={day} className={classes.head} data-today={day === now || undefined}>
              <span className={classes.weekday}>{weekday}</span> {date}
            </div>
          );
        })}
        <div className={classes.hours} style={{ height }} aria-hidden>
          {hours.map((hour) => (
            <span key={hour} style={{ top: (hour - first) * HOUR_PX }}>
              {`${String(hour).padStart(2, '0')}:00`}
            </span>
          ))}
        </div>
        {days.map((day) => (
          <section
            key={day}
            aria-label={dayName(day)}
            className={classes.column}
            data-today={day === now || undefined}
            style={{ height }}
          >
            {(placed.get(day) ?? []).map((item) => (
              <LessonBlock
                key={item.lesson.schedule_id}
                lesson={item.lesson}
                onOpen={() => onOpen(item.lesson)}
                compact
                style={{
                  top: toPx(item.start),
                  height: toPx(item.end) - toPx(item.start),
                  left: `${(item.lane / item.lanes) * 100}%`,
                  width: `${100 / item.lanes}%`,
                }}
              />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

function DayList({ days, placed, onOpen }: DaysProps) {
  const now = today();
  return (
    <Stack gap="md">
      {days.map((day) => {
        const lessons = placed.get(day) ?? [];
        return (
          <section
            key={day}
            aria-label={dayName(day)}
            className={classes.day}
            data-today={day === now || undefined}
          >
            <Title order={3} size="h5" mb={6}>
              {dayName(day)}
            </Title>
            {lessons.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('schedules.day.empty')}
              </Text>
            ) : (
              <Stack gap={6}>
                {lessons.map((item) => (
                  <LessonBlock
                    key={item.lesson.schedule_id}
                    lesson={item.lesson}
                    onOpen={() => onOpen(item.lesson)}
                  />
                ))}
              </Stack>
            )}
          </section>
        );
      })}
    </Stack>
  );
}
