import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LessonWeekDto } from '#common/lesson-filters.ts';
import type { LessonListDto } from '#common/lessons.ts';
import type { PersonOptionDto } from '#common/users.ts';
import { searchParams } from '#web/components/list-search.tsx';
import { api } from '#web/lib/api-client.ts';

export type StatusTab = 'all' | 'pending' | 'active' | 'completed' | 'cancelled';

/** One page of the Schedules list: its filters (page-state.ts), searched and sorted. */
export function useSchedulesPage(
  search: { page: number; q: string; sort: string },
  filters: Record<string, string>,
) {
  const params = searchParams(search, filters);
  return useQuery({
    queryKey: ['schedules', 'page', params.toString()],
    queryFn: () => api<LessonListDto>(`/schedules?${params}`),
    placeholderData: keepPreviousData,
  });
}

/** Every lesson of the week around `date`, with the same filters, for the week grid. */
export function useScheduleWeek(date: string, filters: Record<string, string>, enabled: boolean) {
  const params = new URLSearchParams({ date, ...filters });
  return useQuery({
    queryKey: ['schedules', 'week', params.toString()],
    queryFn: () => api<LessonWeekDto>(`/schedules/week?${params}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The pickers of the filters (admin and staff): active classes and teachers, by name. */
export const useClassChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['schedules', 'class-choices'],
    queryFn: () =>
      api<{ items: { class_id: string; class_name: string }[] }>('/classes/options').then((reply) =>
        reply.items.map((item) => ({ value: item.class_id, label: item.class_name })),
      ),
    enabled,
  });

export const useTeacherChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['schedules', 'teacher-choices'],
    queryFn: () =>
      api<{ items: PersonOptionDto[] }>('/classes/teacher-options').then((reply) =>
        reply.items.map((item) => ({ value: item.user_id, label: item.full_name })),
      ),
    enabled,
  });

/** The Schedules page's sorts: by the lesson's start or its class's name. */
export const LESSON_SORTS = [
  { value: 'start_time', label: 'search.sort.earliestLesson' },
  { value: '-start_time', label: 'search.sort.latestLesson' },
  { value: 'name', label: 'search.sort.classAsc' },
  { value: '-name', label: 'search.sort.classDesc' },
] as const;
export type LessonSortValue = (typeof LESSON_SORTS)[number]['value'];
