// Teachers' pay server state (issue 28, docs/decisions/033): rates, a month's statements, one
// statement, and what the admin does to them. Every write refreshes the whole feature.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '#common/notice.ts';
import type {
  PayAdjustmentInput,
  PayRateDto,
  PayRateInput,
  PayStatementDto,
  PayStatementListDto,
} from '#common/teacher-pay.ts';
import { api } from '#web/lib/api-client.ts';

const payKeys = {
  all: ['teacher-pay'] as const,
  rates: ['teacher-pay', 'rates'] as const,
  month: (month: string) => ['teacher-pay', 'month', month] as const,
  statement: (month: string, teacherId: string) =>
    ['teacher-pay', 'statement', month, teacherId] as const,
};

export const useRates = () =>
  useQuery({
    queryKey: payKeys.rates,
    queryFn: () => api<{ items: PayRateDto[] }>('/teacher-pay/rates').then((r) => r.items),
  });

export const useMonthStatements = (month: string) =>
  useQuery({
    queryKey: payKeys.month(month),
    queryFn: () => api<PayStatementListDto>(`/teacher-pay/months/${month}/statements`),
  });

export const useStatement = (month: string, teacherId: string | null) =>
  useQuery({
    queryKey: payKeys.statement(month, teacherId ?? ''),
    queryFn: () => api<PayStatementDto>(`/teacher-pay/months/${month}/statements/${teacherId}`),
    enabled: Boolean(teacherId),
  });

export const usePayOptions = () =>
  useQuery({
    queryKey: ['teacher-pay', 'options'],
    queryFn: async () => {
      const [teachers, classes] = await Promise.all([
        api<{ items: { user_id: string; full_name: string }[] }>('/classes/teacher-options'),
        api<{ items: { class_id: string; class_name: string }[] }>('/classes/options'),
      ]);
      return { teachers: teachers.items, classes: classes.items };
    },
  });

function usePayMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payKeys.all }),
  });
}

export const useSetRate = () =>
  usePayMutation((input: PayRateInput) =>
    api<Notice & { rate: PayRateDto }>('/teacher-pay/rates', { method: 'PUT', json: input }),
  );

export const useDeleteRate = () =>
  usePayMutation((rateId: string) =>
    api<Notice>(`/teacher-pay/rates/${rateId}`, { method: 'DELETE' }),
  );

export const useAdjust = () =>
  usePayMutation(
    ({
      month,
      teacherId,
      input,
    }: {
      month: string;
      teacherId: string;
      input: PayAdjustmentInput;
    }) =>
      api<Notice>(`/teacher-pay/months/${month}/statements/${teacherId}/adjustments`, {
        json: input,
      }),
  );

export const useApprove = () =>
  usePayMutation(({ month, teacherId }: { month: string; teacherId: string | null }) =>
    api<Notice>(
      teacherId
        ? `/teacher-pay/months/${month}/statements/${teacherId}/approve`
        : `/teacher-pay/months/${month}/approve`,
      { method: 'POST' },
    ),
  );
