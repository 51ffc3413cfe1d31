import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ScheduleListDto } from '#common/lessons.ts';
import { api } from '#web/lib/api-client.ts';

export type StatusTab = 'all' | 'pending' | 'active' | 'completed';

export const useSchedulesPage = (tab: StatusTab, page: number) =>
  useQuery({
    queryKey: ['schedules', 'page', tab, page],
    queryFn: () =>
      api<ScheduleListDto>(`/schedules?page=${page}${tab === 'all' ? '' : `&status=${tab}`}`),
    placeholderData: keepPreviousData,
  });
