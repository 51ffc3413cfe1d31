// What the Schedules page shows, kept in its address (?view=week&class_id=…), so a reload or a
// shared link opens the same lessons. A parameter left at its default is not written: /schedules
// alone is this week's list, in time order. Values that make no sense are read as the default.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { LESSON_SORTS, type LessonSortValue, type StatusTab } from './api.ts';
import { addDays, isCalendarDate, mondayOf, today } from './week-dates.ts';

export const VIEWS = ['list', 'week'] as const;
export type ScheduleView = (typeof VIEWS)[number];
/** Which days the list covers: one week (the default), a range of days, or every day. */
export const PERIODS = ['week', 'range', 'all'] as const;
export type Period = (typeof PERIODS)[number];
const TABS: readonly StatusTab[] = ['all', 'pending', 'active', 'completed', 'cancelled'];
export const DEFAULT_SORT: LessonSortValue = 'start_time';

export interface SchedulesPageState {
  view: ScheduleView;
  period: Period;
  /** The Monday of the week shown (the week view, and the list by week). */
  week: string;
  /** The range's ends ('' = open) when period is 'range'. */
  from: string;
  to: string;
  status: StatusTab;
  classId: string;
  teacherId: string;
  roomId: string;
  q: string;
  sort: LessonSortValue;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function readPageState(params: URLSearchParams): SchedulesPageState {
  const week = params.get('week');
  const date = (name: string) => {
    const value = params.get(name);
    return isCalendarDate(value) ? value : '';
  };
  const page = Number(params.get('page'));
  return {
    view: oneOf(VIEWS, params.get('view'), 'list'),
    period: oneOf(PERIODS, params.get('dates'), 'week'),
    week: mondayOf(isCalendarDate(week) ? week : today()),
    from: date('from'),
    to: date('to'),
    status: oneOf(TABS, params.get('status'), 'all'),
    classId: params.get('class_id') ?? '',
    teacherId: params.get('teacher_id') ?? '',
    roomId: params.get('room_id') ?? '',
    q: params.get('q') ?? '',
    sort: oneOf(
      LESSON_SORTS.map((option) => option.value),
      params.get('sort'),
      DEFAULT_SORT,
    ),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function pageStateParams(state: SchedulesPageState): URLSearchParams {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number, fallback: string | number) => {
    if (value !== fallback && value !== '') params.set(name, String(value));
  };
  put('view', state.view, 'list');
  put('dates', state.period, 'week');
  put('week', state.week, mondayOf(today()));
  if (state.period === 'range') {
    put('from', state.from, '');
    put('to', state.to, '');
  }
  put('status', state.status, 'all');
  put('class_id', state.classId, '');
  put('teacher_id', state.teacherId, '');
  put('room_id', state.roomId, '');
  put('q', state.q, '');
  put('sort', state.sort, DEFAULT_SORT);
  put('page', state.page, 1);
  return params;
}

export function useSchedulesPageState() {
  const [params, setParams] = useSearchParams();
  const state = readPageState(params);
  /** Changes what is shown; any change but the page's own starts again on page 1. */
  const update = (change: Partial<SchedulesPageState>) =>
    setParams(pageStateParams({ ...state, page: 1, ...change }), { replace: true });

  // The search box: what is typed goes to the address once typing pauses.
  const [typed, setTyped] = useState(state.q);
  const [debounced] = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (debounced.trim() !== state.q) update({ q: debounced.trim() });
  }, [debounced]);
  const search = {
    typed,
    setTyped,
    q: state.q,
    sort: state.sort,
    setSort: (sort: LessonSortValue) => update({ sort }),
    page: state.page,
    setPage: (page: number) => update({ page }),
  };
  return { state, update, search };
}

/** The API's filter parameters for the state (the list's dates come from its period). */
export function filterParams(state: SchedulesPageState): Record<string, string> {
  const params: Record<string, string> = {};
  if (state.status !== 'all') params.status = state.status;
  if (state.classId) params.class_id = state.classId;
  if (state.teacherId) params.teacher_id = state.teacherId;
  if (state.roomId) params.room_id = state.roomId;
  if (state.q) params.q = state.q;
  return params;
}

/** The list's days: the week's Monday to Sunday, the range's ends, or none. */
export function periodParams(state: SchedulesPageState): Record<string, string> {
  if (state.period === 'all') return {};
  if (state.period === 'range') {
    // A range typed backwards is read the right way round rather than refused.
    const [from, to] =
      state.from && state.to && state.to < state.from
        ? [state.to, state.from]
        : [state.from, state.to];
    return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  }
  return { from: state.week, to: addDays(state.week, 6) };
}
