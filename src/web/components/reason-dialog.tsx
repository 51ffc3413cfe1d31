// A dialog that undoes something for a reason (an invoice voided, a ledger entry reversed): what
// is undone, what it will do, the reason asked for, and a danger button. The caller owns the form
// (its schema and mutation); this is the one shape both dialogs show.
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { FormEvent, ReactNode } from 'react';
import { FormActions, FormError } from './form-parts.tsx';

export function ReasonDialog({
  opened,
  onClose,
  title,
  summary,
  hint,
  reasonLabel,
  reasonProps,
  formError,
  submitLabel,
  loading,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is undone, in one line (shown while there is something). */
  summary: ReactNode;
  hint: string;
  reasonLabel: string;
  /** The form's input props for its `reason` field. */
  reasonProps: GetInputPropsReturnType;
  formError: string | null;
  submitLabel: string;
  loading: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {summary && <Text fw={600}>{summary}</Text>}
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
          <FormError message={formError} />
          <Textarea label={reasonLabel} autosize minRows={2} {...reasonProps} required />
          <FormActions onCancel={onClose} submitLabel={submitLabel} loading={loading} danger />
        </Stack>
      </form>
    </Modal>
  );
}
