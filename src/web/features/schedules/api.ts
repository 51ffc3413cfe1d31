import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LessonListDto } from '#common/lessons.ts';
import { searchParams } from '#web/components/list-search.tsx';
import { api } from '#web/lib/api-client.ts';

export type StatusTab = 'all' | 'pending' | 'active' | 'completed' | 'cancelled';

/** The Schedules page's lessons of a tab, searched and sorted (list-search.tsx). */
export function useSchedulesPage(
  tab: StatusTab,
  search: { page: number; q: string; sort: string },
) {
  const params = searchParams(search, tab === 'all' ? {} : { status: tab });
  return useQuery({
    queryKey: ['schedules', 'page', params.toString()],
    queryFn: () => api<LessonListDto>(`/schedules?${params}`),
    placeholderData: keepPreviousData,
  });
}

/** The Schedules page's sorts: by the lesson's start or its class's name. */
export const LESSON_SORTS = [
  { value: '-start_time', label: 'search.sort.latestLesson' },
  { value: 'start_time', label: 'search.sort.earliestLesson' },
  { value: 'name', label: 'search.sort.classAsc' },
  { value: '-name', label: 'search.sort.classDesc' },
] as const;
export type LessonSortValue = (typeof LESSON_SORTS)[number]['value'];
