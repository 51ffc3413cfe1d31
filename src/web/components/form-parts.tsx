// The pieces every dialog form shares: its error message, and Cancel + submit at the bottom.
import { Alert, Button, Group } from '@mantine/core';
import { t } from '#web/i18n/index.ts';

export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="error" role="alert">
      {message}
    </Alert>
  );
}

export function FormActions({
  onCancel,
  submitLabel,
  cancelLabel = t('common.cancel'),
  loading = false,
  disabled = false,
  danger = false,
}: {
  onCancel: () => void;
  submitLabel: string;
  cancelLabel?: string;
  loading?: boolean;
  disabled?: boolean;
  /** The submit deletes something: coloured as a danger. */
  danger?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button
        type="submit"
        loading={loading}
        disabled={disabled}
        color={danger ? 'error' : undefined}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
