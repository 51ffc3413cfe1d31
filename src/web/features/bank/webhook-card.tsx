// Settings → 'Webhook ngân hàng' (issue 27, docs/decisions/030-bank-transfers.md), the admin's:
// the URL to give the bank-notification service (SePay, Casso) and its API key, generated here and
// shown once (the server keeps only its hash), made anew or revoked.
import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useGenerateWebhookKey, useRevokeWebhookKey, useWebhookKey } from './api.ts';

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1, minWidth: 0 }} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} aria-label={`${t('bank.webhook.copy')} ${label}`}>
            {copied ? t('bank.webhook.copied') : t('bank.webhook.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

export function BankWebhookCard() {
  const key = useWebhookKey(true);
  const generate = useGenerateWebhookKey();
  const revoke = useRevokeWebhookKey();
  const [newKey, setNewKey] = useState<string | null>(null);
  const data = key.data;
  const onError = (error: unknown) => notifyError(errorText(error));
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <IconBuildingBank aria-hidden />
          <Title order={2} size="h4">
            {t('bank.webhook.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('bank.webhook.text')}
        </Text>
        {data && <Copyable label={t('bank.webhook.url')} value={data.webhook_url} />}
        {newKey ? (
          <Alert color="yellow" variant="light" title={t('bank.webhook.newKey')}>
            <Stack gap="xs">
              <Text size="sm">{t('bank.webhook.showOnce')}</Text>
              <Copyable label={t('bank.webhook.newKey')} value={newKey} />
            </Stack>
          </Alert>
        ) : (
          data && (
            <Text size="sm">
              {data.configured && data.hint && data.created_at
                ? t('bank.webhook.active', {
                    hint: data.hint,
                    at: formatDateTime(data.created_at),
                  })
                : t('bank.webhook.none')}
            </Text>
          )
        )}
        <Group mt="auto" gap="xs">
          <Button
            variant="light"
            loading={generate.isPending}
            onClick={() =>
              generate.mutate(undefined, {
                onSuccess: (reply) => {
                  setNewKey(reply.key);
                  notifySuccess(noticeText(reply));
                },
                onError,
              })
            }
          >
            {t(data?.configured ? 'bank.webhook.regenerate' : 'bank.webhook.generate')}
          </Button>
          {data?.configured && (
            <Button
              variant="subtle"
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: (reply) => {
                    setNewKey(null);
                    notifySuccess(noticeText(reply));
                  },
                  onError,
                })
              }
            >
              {t('bank.webhook.revoke')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
