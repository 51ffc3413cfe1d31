// Invoices' server state (issue 27, docs/decisions/029-invoices.md): a student's invoices, one
// invoice, a draft made, edited, issued or deleted, a void, and a month's run previewed then
// issued. Under the 'tuition' key, so a payment (which settles invoices) refreshes them too, and
// every invoice write refreshes the account it touched.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudentAttendanceDto } from '#common/attendance.ts';
import type { VietQrDto } from '#common/bank-account.ts';
import type {
  EditDraftRequest,
  InvoiceDto,
  InvoiceRunInput,
  InvoiceSummaryDto,
  NewInvoiceInput,
  RunPreviewDto,
} from '#common/invoices.ts';
import type { Notice } from '#common/notice.ts';
import { api } from '#web/lib/api-client.ts';

export const invoiceKeys = {
  ofStudent: (studentId: string) => ['tuition', 'invoices', 'student', studentId] as const,
  one: (invoiceId: string) => ['tuition', 'invoices', 'one', invoiceId] as const,
};

/** A student's invoices, newest first (a student reading their own: the issued ones). */
export const useStudentInvoices = (studentId: string, enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.ofStudent(studentId),
    enabled,
    queryFn: () =>
      api<{ items: InvoiceSummaryDto[]; total: number }>(
        `/invoices?student_id=${studentId}&page_size=100`,
      ).then((reply) => reply.items),
  });

/**
 * The VietQR code for what is still due: one invoice's (its number as the transfer's content), or
 * a student's whole balance (named by their oldest open invoice). Null: no bank account set, or
 * nothing due. Under 'tuition', so a payment refreshes it.
 */
export const useInvoiceQr = (invoiceId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['tuition', 'qr', 'invoice', invoiceId],
    enabled,
    queryFn: () => api<{ qr: VietQrDto | null }>(`/invoices/${invoiceId}/qr`).then((r) => r.qr),
  });
export const useAccountQr = (studentId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['tuition', 'qr', 'student', studentId],
    enabled,
    queryFn: () => api<{ qr: VietQrDto | null }>(`/students/${studentId}/qr`).then((r) => r.qr),
  });

export const useInvoice = (invoiceId: string) =>
  useQuery({
    queryKey: invoiceKeys.one(invoiceId),
    queryFn: () => api<InvoiceDto>(`/invoices/${invoiceId}`),
  });

/** The classes a student is in or was in (the draft dialog's choice). */
export const useStudentClasses = (studentId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['attendance', 'student', studentId] as const,
    queryFn: () => api<StudentAttendanceDto>(`/users/${studentId}/attendance`),
    enabled,
    select: (reply) =>
      reply.classes.map((item) => ({ value: item.class_id, label: item.class_name })),
  });

/** Active classes by name (a month's run for one class). */
export const useClassChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['tuition', 'class-choices'],
    queryFn: () =>
      api<{ items: { class_id: string; class_name: string }[] }>('/classes/options').then((reply) =>
        reply.items.map((item) => ({ value: item.class_id, label: item.class_name })),
      ),
    enabled,
    staleTime: 60_000,
  });

function useInvoiceMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tuition'] }),
  });
}

type Written = Notice & { invoice: InvoiceDto };

export const useCreateDraft = () =>
  useInvoiceMutation((input: NewInvoiceInput) => api<Written>('/invoices', { json: input }));
export const useEditDraft = () =>
  useInvoiceMutation(({ invoiceId, input }: { invoiceId: string; input: EditDraftRequest }) =>
    api<Written>(`/invoices/${invoiceId}`, { method: 'PUT', json: input }),
  );
export const useDeleteDraft = () =>
  useInvoiceMutation((invoiceId: string) =>
    api<Notice>(`/invoices/${invoiceId}`, { method: 'DELETE' }),
  );
export const useIssueInvoice = () =>
  useInvoiceMutation((invoiceId: string) =>
    api<Written>(`/invoices/${invoiceId}/issue`, { method: 'POST' }),
  );
export const useVoidInvoice = () =>
  useInvoiceMutation(({ invoiceId, reason }: { invoiceId: string; reason: string }) =>
    api<Written>(`/invoices/${invoiceId}/void`, { json: { reason } }),
  );

export const usePreviewRun = () =>
  useMutation({
    mutationFn: (input: InvoiceRunInput) =>
      api<RunPreviewDto>('/invoice-runs/preview', { json: input }),
  });
export const useRunInvoices = () =>
  useInvoiceMutation(({ input, key }: { input: InvoiceRunInput; key: string }) =>
    api<Notice & { invoice_ids: string[]; skipped: number }>('/invoice-runs', {
      json: input,
      idempotencyKey: key,
    }),
  );
