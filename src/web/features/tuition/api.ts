// Tuition's server state (issue 27, docs/decisions/028): a class's fee plan, a student's account
// and discounts, and what changes them. Every write refreshes the account it touched.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '#common/notice.ts';
import type {
  AccountDto,
  DiscountDto,
  DiscountInput,
  EntryDto,
  FeePlanDto,
  FeePlanRequest,
  PaymentInput,
  RefundInput,
  TuitionStudentDto,
} from '#common/tuition.ts';
import { api } from '#web/lib/api-client.ts';

export const tuitionKeys = {
  all: ['tuition'] as const,
  plan: (classId: string) => ['tuition', 'plan', classId] as const,
  account: (studentId: string) => ['tuition', 'account', studentId] as const,
  discounts: (studentId: string) => ['tuition', 'discounts', studentId] as const,
};

export const useFeePlan = (classId: string) =>
  useQuery({
    queryKey: tuitionKeys.plan(classId),
    queryFn: () => api<{ plan: FeePlanDto | null }>(`/classes/${classId}/fee-plan`),
  });

export const useAccount = (studentId: string | null) =>
  useQuery({
    queryKey: tuitionKeys.account(studentId ?? ''),
    queryFn: () => api<AccountDto>(`/students/${studentId}/account`),
    enabled: Boolean(studentId),
  });

export const useDiscounts = (studentId: string | null) =>
  useQuery({
    queryKey: tuitionKeys.discounts(studentId ?? ''),
    queryFn: () =>
      api<{ items: DiscountDto[] }>(`/students/${studentId}/discounts`).then((r) => r.items),
    enabled: Boolean(studentId),
  });

function useTuitionMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tuitionKeys.all }),
  });
}

type Written = Notice & { entry: EntryDto; balance: number };

export const useSaveFeePlan = () =>
  useTuitionMutation(({ classId, plan }: { classId: string; plan: FeePlanRequest }) =>
    api<Notice & { plan: FeePlanDto }>(`/classes/${classId}/fee-plan`, {
      method: 'PUT',
      json: plan,
    }),
  );
export const useRemoveFeePlan = () =>
  useTuitionMutation((classId: string) =>
    api<Notice>(`/classes/${classId}/fee-plan`, { method: 'DELETE' }),
  );
export const useRecordPayment = () =>
  useTuitionMutation(
    ({ studentId, input, key }: { studentId: string; input: PaymentInput; key: string }) =>
      api<Written>(`/students/${studentId}/payments`, { json: input, idempotencyKey: key }),
  );
export const useRecordRefund = () =>
  useTuitionMutation(
    ({ studentId, input, key }: { studentId: string; input: RefundInput; key: string }) =>
      api<Written>(`/students/${studentId}/refunds`, { json: input, idempotencyKey: key }),
  );
export const useReverseEntry = () =>
  useTuitionMutation(({ entryId, reason, key }: { entryId: string; reason: string; key: string }) =>
    api<Written>(`/ledger-entries/${entryId}/reverse`, {
      json: { reason },
      idempotencyKey: key,
    }),
  );
export const useAddDiscount = () =>
  useTuitionMutation(({ studentId, input }: { studentId: string; input: DiscountInput }) =>
    api<Notice & DiscountDto>(`/students/${studentId}/discounts`, { json: input }),
  );
export const useEndDiscount = () =>
  useTuitionMutation(({ discountId, endsOn }: { discountId: string; endsOn: string }) =>
    api<Notice & DiscountDto>(`/discounts/${discountId}/end`, { json: { ends_on: endsOn } }),
  );

/** Students whose name or e-mail matches what is typed (the server searches without accents). */
export const useStudentSearch = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['tuition', 'student-search', q],
    queryFn: () =>
      api<{ items: TuitionStudentDto[] }>(`/tuition/students?q=${encodeURIComponent(q)}`).then(
        (r) => r.items,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
