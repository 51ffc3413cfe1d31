// Make-up lessons (docs/decisions/032): a student's credits (their own, or one student's for admin
// and staff), the lessons a credit can be booked into, booking and cancelling. Under the
// 'attendance' key: a mark (which earns or withdraws a credit) and a lesson's change refresh it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MakeupCreditDto, MakeupCreditListDto, MakeupLessonListDto } from '#common/makeups.ts';
import type { Notice } from '#common/notice.ts';
import { api } from '#web/lib/api-client.ts';

export const makeupKeys = {
  credits: (studentId: 'me' | string) => ['attendance', 'makeups', studentId] as const,
  lessons: (creditId: string) => ['attendance', 'makeups', 'lessons', creditId] as const,
};

export const useMakeupCredits = (studentId: 'me' | string) =>
  useQuery({
    queryKey: makeupKeys.credits(studentId),
    queryFn: () =>
      api<MakeupCreditListDto>(studentId === 'me' ? '/makeups/me' : `/users/${studentId}/makeups`),
  });

export const useMakeupLessons = (creditId: string | null) =>
  useQuery({
    queryKey: makeupKeys.lessons(creditId ?? ''),
    queryFn: () => api<MakeupLessonListDto>(`/makeups/${creditId}/lessons`),
    enabled: creditId !== null,
  });

/** Booking and cancelling change the student's lessons too (their dashboard). */
function useMakeupMutation<Input, Result>(call: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['attendance'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export const useBookMakeup = () =>
  useMakeupMutation(({ creditId, scheduleId }: { creditId: string; scheduleId: string }) =>
    api<Notice & { credit: MakeupCreditDto }>(`/makeups/${creditId}/booking`, {
      json: { schedule_id: scheduleId },
    }),
  );

export const useCancelMakeup = () =>
  useMakeupMutation((creditId: string) =>
    api<Notice>(`/makeups/${creditId}/booking`, { method: 'DELETE' }),
  );
