// Matching bank transfers' server state (issue 27, docs/decisions/030-bank-transfers.md): a
// statement previewed then confirmed, the transfers left unmatched, the webhook's key. Every write
// refreshes the transfers and the tuition accounts it touched.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StatementLine,
  StatementPreviewDto,
  TransferDto,
  TransferStatus,
  WebhookKeyDto,
} from '#common/bank.ts';
import type { InvoiceSummaryDto } from '#common/invoices.ts';
import type { Notice } from '#common/notice.ts';
import { api } from '#web/lib/api-client.ts';

export const bankKeys = {
  all: ['bank'] as const,
  transfers: (status: TransferStatus) => ['bank', 'transfers', status] as const,
  webhookKey: ['bank', 'webhook-key'] as const,
};

export const useTransfers = (status: TransferStatus) =>
  useQuery({
    queryKey: bankKeys.transfers(status),
    queryFn: () =>
      api<{ items: TransferDto[]; total: number }>(
        `/bank/transfers?status=${status}&page_size=100`,
      ),
  });

function useBankMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bankKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['tuition'] });
    },
  });
}

/** Reads a statement file; nothing is written. */
export const usePreviewStatement = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<StatementPreviewDto>('/bank/statements/preview', { form, timeoutMs: 60_000 });
    },
  });

export const useConfirmStatement = () =>
  useBankMutation(({ lines, key }: { lines: StatementLine[]; key: string }) =>
    api<Notice & { recorded: number; unmatched: number; already: number }>('/bank/statements', {
      json: { lines },
      idempotencyKey: key,
    }),
  );

export const useAssignTransfer = () =>
  useBankMutation(
    ({
      transferId,
      studentId,
      invoiceId,
      key,
    }: {
      transferId: string;
      studentId: string;
      invoiceId: string | null;
      key: string;
    }) =>
      api<Notice & { transfer: TransferDto }>(`/bank/transfers/${transferId}/assign`, {
        json: { student_id: studentId, ...(invoiceId ? { invoice_id: invoiceId } : {}) },
        idempotencyKey: key,
      }),
  );

export const useIgnoreTransfer = () =>
  useBankMutation(({ transferId, reason }: { transferId: string; reason: string }) =>
    api<Notice & { transfer: TransferDto }>(`/bank/transfers/${transferId}/ignore`, {
      json: reason.trim() ? { reason: reason.trim() } : {},
    }),
  );

export const useWebhookKey = (enabled: boolean) =>
  useQuery({
    queryKey: bankKeys.webhookKey,
    queryFn: () => api<WebhookKeyDto>('/bank/webhook-key'),
    enabled,
  });

export const useGenerateWebhookKey = () =>
  useBankMutation(() =>
    api<Notice & WebhookKeyDto & { key: string }>('/bank/webhook-key', {
      method: 'POST',
      json: {},
    }),
  );

export const useRevokeWebhookKey = () =>
  useBankMutation(() => api<Notice & WebhookKeyDto>('/bank/webhook-key', { method: 'DELETE' }));

/** Students whose name or e-mail matches what is typed (searched on the server, without accents). */
export const useStudentSearch = (q: string) =>
  useQuery({
    queryKey: ['bank', 'student-search', q],
    queryFn: () =>
      api<{ items: { user_id: string; full_name: string; email: string }[] }>(
        `/users?role=student&q=${encodeURIComponent(q)}`,
      ).then((r) => r.items),
    placeholderData: (previous) => previous,
  });

/** A student's invoices that still owe something (to pay one by name). */
export const useOpenInvoices = (studentId: string | null) =>
  useQuery({
    queryKey: ['bank', 'open-invoices', studentId],
    queryFn: () =>
      api<{ items: InvoiceSummaryDto[] }>(`/invoices?student_id=${studentId}&page_size=100`).then(
        (r) => r.items.filter((i) => i.state === 'issued' || i.state === 'partly_paid'),
      ),
    enabled: Boolean(studentId),
  });
