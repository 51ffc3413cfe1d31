// The result of the Zoom connection check (admin): each part of the set-up, whether it works,
// and what to do when it does not (the server's words, written for an administrator).
import { Alert, Badge, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { ConnectionCheckDto } from '#common/providers/zoom/contracts.ts';
import { t } from '#web/i18n/index.ts';

type StepStatus = ConnectionCheckDto['steps'][number]['status'];

const statusColor: Record<StepStatus, string> = {
  ok: 'success',
  warning: 'warning',
  failed: 'error',
  skipped: 'gray',
};

export function ConnectionCheckDialog({
  result,
  onClose,
}: {
  result: ConnectionCheckDto | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title={t('hostAccounts.checkTitle')}
      size="lg"
    >
      {result && <ConnectionCheckSteps result={result} />}
    </Modal>
  );
}

/** The verdict, then each part and what to do about it (the dialog, and Settings → Zoom). */
export function ConnectionCheckSteps({ result }: { result: ConnectionCheckDto }) {
  return (
    <Stack>
      <Alert color={result.ok ? 'success' : 'error'} role="status">
        {result.ok ? t('hostAccounts.checkAllOk') : t('hostAccounts.checkSomeFailed')}
      </Alert>
      {result.steps.map((step) => (
        <Paper key={step.key} withBorder p="sm" radius="md" data-testid={`check-${step.key}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{t(`hostAccounts.checkStep.${step.key}`)}</Text>
            <Badge color={statusColor[step.status]} variant="light" tt="none">
              {t(`hostAccounts.checkStatus.${step.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {t(`error.${step.code}`, step.params)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
