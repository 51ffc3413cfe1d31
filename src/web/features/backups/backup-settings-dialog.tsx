// The backups' settings dialog (system-card.tsx). Loaded when first opened.
import { Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { BackupOverviewDto, BackupSettingsInput } from '#common/backups.ts';
import { t } from '#web/i18n/index.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useSaveBackupSettings } from './api.ts';

export function SettingsDialog({
  opened,
  onClose,
  overview,
}: {
  opened: boolean;
  onClose: () => void;
  overview: BackupOverviewDto;
}) {
  const save = useSaveBackupSettings();
  const [form, setForm] = useState<BackupSettingsInput>(overview.settings);
  useEffect(() => {
    if (opened) setForm(overview.settings);
  }, [opened, overview.settings]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('backups.settingsTitle')}>
      <Stack>
        <Switch
          label={t('backups.enabled')}
          checked={form.enabled}
          onChange={(event) => setForm({ ...form, enabled: event.currentTarget.checked })}
        />
        <TextInput
          label={t('backups.time')}
          description={t('backups.timeHint')}
          value={form.time}
          onChange={(event) => setForm({ ...form, time: event.currentTarget.value })}
        />
        <NumberInput
          label={t('backups.keepDaily')}
          value={form.keep_daily}
          min={1}
          allowDecimal={false}
          clampBehavior="none"
          onChange={(value) => setForm({ ...form, keep_daily: Number(value) })}
        />
        <NumberInput
          label={t('backups.keepWeekly')}
          value={form.keep_weekly}
          min={0}
          allowDecimal={false}
          clampBehavior="none"
          onChange={(value) => setForm({ ...form, keep_weekly: Number(value) })}
        />
        <TextInput
          label={t('backups.folder')}
          description={t('backups.folderHint')}
          placeholder={overview.folder}
          value={form.folder ?? ''}
          onChange={(event) =>
            setForm({
              ...form,
              folder: event.currentTarget.value.trim() ? event.currentTarget.value : null,
            })
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('backups.cancel')}
          </Button>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(form, {
                onSuccess: (reply) => {
                  notifySuccess(noticeText(reply));
                  onClose();
                },
                onError: (error) => notifyError(errorText(error)),
              })
            }
          >
            {t('backups.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
