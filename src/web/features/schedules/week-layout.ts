// Where each lesson of a week goes in the grid: its day (in the center's zone), its top and
// height from its start and end, and its lane when lessons of one day overlap (side by side,
// each as wide as its group of overlapping lessons allows).
import type { LessonDto } from '#common/lessons.ts';
import { dayAndMinutes } from './week-dates.ts';

export interface PlacedLesson {
  lesson: LessonDto;
  day: string;
  /** Minutes since the day's midnight; a lesson running past midnight ends at 24:00 here. */
  start: number;
  end: number;
  lane: number;
  lanes: number;
}

const DAY_MINUTES = 24 * 60;
/** Short lessons still get room for a line of text. */
const MIN_MINUTES = 20;

/** The week's lessons per day, each day's in time order, with their lanes. */
export function placeLessons(lessons: LessonDto[]): Map<string, PlacedLesson[]> {
  const days = new Map<string, PlacedLesson[]>();
  for (const lesson of lessons) {
    const start = dayAndMinutes(lesson.start_time);
    const end = dayAndMinutes(lesson.end_time);
    const endMinutes = end.day === start.day ? end.minutes : DAY_MINUTES;
    const placed: PlacedLesson = {
      lesson,
      day: start.day,
      start: start.minutes,
      end: Math.min(DAY_MINUTES, Math.max(endMinutes, start.minutes + MIN_MINUTES)),
      lane: 0,
      lanes: 1,
    };
    days.set(start.day, [...(days.get(start.day) ?? []), placed]);
  }
  for (const placed of days.values()) {
    placed.sort((a, b) => a.start - b.start || a.end - b.end);
    assignLanes(placed);
  }
  return days;
}

/** Overlapping lessons share their group's width, each in the first lane free at its start. */
function assignLanes(placed: PlacedLesson[]) {
  let group: PlacedLesson[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const item of group) item.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of placed) {
    if (item.start >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.push(item.end) - 1;
    else laneEnds[lane] = item.end;
    item.lane = lane;
    group.push(item);
    groupEnd = Math.max(groupEnd, item.end);
  }
  close();
}

/** The hours the grid shows: 07:00 to 22:00, widened to hold every lesson of the week. */
export function hourRange(days: Map<string, PlacedLesson[]>) {
  let first = 7;
  let last = 22;
  for (const placed of days.values()) {
    for (const item of placed) {
      first = Math.min(first, Math.floor(item.start / 60));
      last = Math.max(last, Math.ceil(item.end / 60));
    }
  }
  return { first, last };
}
