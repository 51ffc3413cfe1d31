// Debts' server state (issue 27): who owes what (a page, filtered by class and name) and the
// admin's month summary; the classes for the filter.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DebtListDto, MonthSummaryDto } from '#common/debts.ts';
import { api } from '#web/lib/api-client.ts';

export interface DebtSearch {
  classId: string | null;
  q: string;
  page: number;
}

export const debtQuery = (search: Omit<DebtSearch, 'page'>) => {
  const params = new URLSearchParams();
  if (search.classId) params.set('class_id', search.classId);
  if (search.q) params.set('q', search.q);
  return params;
};

export const useDebts = (search: DebtSearch) => {
  const params = debtQuery(search);
  params.set('page', String(search.page));
  return useQuery({
    queryKey: ['tuition', 'debts', params.toString()],
    queryFn: () => api<DebtListDto>(`/debts?${params}`),
    placeholderData: keepPreviousData,
  });
};

export const useMonthSummary = (period: string, enabled: boolean) =>
  useQuery({
    queryKey: ['tuition', 'summary', period],
    queryFn: () => api<MonthSummaryDto>(`/tuition/summary?period=${period}`),
    enabled,
  });

export const useClassOptions = () =>
  useQuery({
    queryKey: ['tuition', 'class-options'],
    queryFn: () =>
      api<{ items: { class_id: string; class_name: string }[] }>('/classes/options').then(
        (reply) => reply.items,
      ),
  });
