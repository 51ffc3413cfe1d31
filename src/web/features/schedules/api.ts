import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LessonListDto } from '#common/lessons.ts';
import { api } from '#web/lib/api-client.ts';

export type StatusTab = 'all' | 'pending' | 'active' | 'completed';

export const useSchedulesPage = (tab: StatusTab, page: number) =>
  useQuery({
    queryKey: ['schedules', 'page', tab, page],
    queryFn: () =>
      api<LessonListDto>(`/schedules?page=${page}${tab === 'all' ? '' : `&status=${tab}`}`),
    placeholderData: keepPreviousData,
  });
