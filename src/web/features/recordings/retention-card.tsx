// Settings → 'Bản ghi buổi học' (the admin's): how many days recordings are kept, empty for ever
// (docs/decisions/034-recordings.md). The server's job deletes what is older.
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MAX_RECORDING_RETENTION_DAYS } from '#common/recording-limits.ts';
import { t } from '#web/i18n/index.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useRecordingSettings, useSaveRecordingSettings } from './api.ts';

export function RecordingRetentionCard() {
  const settings = useRecordingSettings(true);
  const save = useSaveRecordingSettings();
  const [days, setDays] = useState<string | number>('');
  useEffect(() => {
    if (settings.data) setDays(settings.data.retention_days ?? '');
  }, [settings.data]);
  const current = settings.data?.retention_days;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <IconVideo aria-hidden />
          <Title order={2} size="h4">
            {t('recordings.settings.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('recordings.settings.text')}
        </Text>
        {settings.data && (
          <Text size="sm" fw={600}>
            {current == null
              ? t('recordings.settings.forever')
              : t('recordings.settings.current', { days: current })}
          </Text>
        )}
        <NumberInput
          label={t('recordings.settings.days')}
          description={t('recordings.settings.daysHint')}
          value={days}
          onChange={setDays}
          min={1}
          max={MAX_RECORDING_RETENTION_DAYS}
          allowDecimal={false}
          allowNegative={false}
          // What was typed is sent as typed: 0 or 4000 are refused with a reason, never changed
          // silently into another number of days (a shorter period deletes recordings at the provider).
          clampBehavior="none"
          disabled={!settings.data}
        />
        <Button
          mt="auto"
          variant="light"
          loading={save.isPending}
          disabled={!settings.data}
          onClick={() =>
            save.mutate(
              { retention_days: days === '' ? null : Number(days) },
              {
                onSuccess: (reply) => notifySuccess(noticeText(reply)),
                onError: (error) => notifyError(errorText(error)),
              },
            )
          }
        >
          {t('recordings.settings.save')}
        </Button>
      </Stack>
    </Card>
  );
}
