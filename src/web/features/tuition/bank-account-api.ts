// The center's bank account and its sample VietQR code (issue 27, docs/decisions/028, "VietQR"):
// admin and staff read the account, the admin sets or clears it and asks for the sample.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankAccountDto, BankAccountRequest, VietQrDto } from '#common/bank-account.ts';
import type { Notice } from '#common/notice.ts';
import { api } from '#web/lib/api-client.ts';

const bankKeys = {
  account: ['tuition', 'bank-account'] as const,
  preview: (amount: number, content: string) => ['tuition', 'qr-preview', amount, content] as const,
};

export const useBankAccount = (enabled = true) =>
  useQuery({
    queryKey: bankKeys.account,
    queryFn: () =>
      api<{ account: BankAccountDto | null }>('/center-settings/bank-account').then(
        (reply) => reply.account,
      ),
    enabled,
  });

export const useSaveBankAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankAccountRequest) =>
      api<Notice & { account: BankAccountDto | null }>('/center-settings/bank-account', {
        method: 'PUT',
        json: input,
      }),
    onSuccess: (reply) => {
      queryClient.setQueryData(bankKeys.account, reply.account);
      // Every code shown (the sample, invoices', accounts') pays into the account just saved.
      return queryClient.invalidateQueries({ queryKey: ['tuition'] });
    },
  });
};

/** A code for `amount` and `content` into the saved account (the admin's sample). */
export const useQrPreview = (sample: { amount: number; content: string }, enabled: boolean) =>
  useQuery({
    queryKey: bankKeys.preview(sample.amount, sample.content),
    queryFn: () =>
      api<VietQrDto>(
        `/tuition/qr-preview?amount=${sample.amount}&content=${encodeURIComponent(sample.content)}`,
      ),
    enabled,
  });
