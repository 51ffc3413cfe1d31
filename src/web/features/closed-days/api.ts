// The center's closed days: the year's calendar, its proposals, the lessons on closed days, and
// the changes admin and staff make to it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddClosedDaysInput,
  ClosedDayDto,
  ClosedDayListDto,
  ClosedDaysAddedDto,
  HolidayProposalDto,
} from '#common/closed-days.ts';
import type { LessonDto } from '#common/lessons.ts';
import type { Notice } from '#common/notice.ts';
import { api } from '#web/lib/api-client.ts';

export const closedDayKeys = {
  all: ['closed-days'] as const,
  year: (year: number) => ['closed-days', 'year', year] as const,
  lessons: (year: number) => ['closed-days', 'lessons', year] as const,
  proposals: ['closed-days', 'proposals'] as const,
};

export const useClosedDays = (year: number) =>
  useQuery({
    queryKey: closedDayKeys.year(year),
    queryFn: () => api<ClosedDayListDto>(`/closed-days?year=${year}`),
  });

/** The pending lessons on the year's closed days (admin and staff). */
export const useClosedDayLessons = (year: number, enabled: boolean) =>
  useQuery({
    queryKey: closedDayKeys.lessons(year),
    queryFn: () => api<{ items: LessonDto[] }>(`/closed-days/lessons?year=${year}`),
    enabled,
  });

export const useHolidayProposals = (enabled: boolean) =>
  useQuery({
    queryKey: closedDayKeys.proposals,
    queryFn: () => api<{ items: HolidayProposalDto[] }>('/closed-days/proposals'),
    enabled,
  });

function useCalendarMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: closedDayKeys.all }),
  });
}

export const useAddClosedDays = () =>
  useCalendarMutation((input: AddClosedDaysInput) =>
    api<ClosedDaysAddedDto>('/closed-days', { json: input }),
  );

export const useRenameClosedDay = () =>
  useCalendarMutation(({ date, name }: ClosedDayDto) =>
    api<ClosedDayDto & Notice>(`/closed-days/${date}`, { method: 'PATCH', json: { name } }),
  );

export const useRemoveClosedDay = () =>
  useCalendarMutation((date: string) => api<Notice>(`/closed-days/${date}`, { method: 'DELETE' }));
