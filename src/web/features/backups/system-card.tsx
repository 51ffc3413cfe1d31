// Settings → 'Hệ thống' (issue 30, docs/decisions/042-backups.md): the backups with their size,
// time and check; 'Sao lưu ngay' with its progress; the download of one; the schedule, retention
// and folder; the last failure; and how to restore (a command on the stopped server). On
// PostgreSQL it says the database's backups are the database's own (pg_dump).
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { useState } from 'react';
import type { BackupDto } from '#common/backups.ts';
import { hasPermission } from '#common/permissions.ts';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { downloadUrl, useBackUpNow, useBackups } from './api.ts';

// Its dialog loads when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const SettingsDialog = lazyDialog(
  () => import('./backup-settings-dialog.tsx').then((m) => m.SettingsDialog),
  ({ opened }) => opened,
);

function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return t('backups.sizeKb', { n: (bytes / 1024).toFixed(1) });
  return t('backups.sizeMb', { n: (bytes / 1024 / 1024).toFixed(1) });
}

function CheckBadge({ item }: { item: BackupDto }) {
  if (item.state === 'running') return <Badge variant="light">{t('backups.running')}</Badge>;
  if (item.state === 'ok' && item.check?.ok) {
    return (
      <Badge color="success" variant="light">
        {t('backups.checkOk')}
      </Badge>
    );
  }
  return (
    <Badge color="error" variant="light">
      {t('backups.checkFailed')}
    </Badge>
  );
}

export function SystemCard() {
  const role = useSession().data?.user.role;
  const allowed = role !== undefined && hasPermission(role, 'manage_backups');
  const backups = useBackups(allowed);
  const backUp = useBackUpNow();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const overview = backups.data;
  const running = overview?.items.find((item) => item.state === 'running');
  return (
    <Card
      component="section"
      aria-label={t('settings.system.title')}
      withBorder
      radius="md"
      padding="lg"
      style={{ gridColumn: '1 / -1' }}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconServer aria-hidden />
          <Title order={2} size="h4">
            {t('settings.system.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('settingsCards.system.text')}
        </Text>
        {overview?.database === 'postgres' && (
          <Alert color="blue" variant="light">
            {overview.available ? t('backups.postgresFiles') : t('backups.postgresOnly')}
          </Alert>
        )}
        {overview && (
          <Text size="sm">
            {overview.next_run_at
              ? t('backups.schedule', {
                  time: overview.settings.time,
                  daily: overview.settings.keep_daily,
                  weekly: overview.settings.keep_weekly,
                })
              : t('backups.scheduleOff')}{' '}
            {t('backups.folderNow', { folder: overview.folder })}
          </Text>
        )}
        {overview?.last_failure && (
          <Alert color="red" variant="light" title={t('backups.lastFailure')}>
            {t('backups.failedAt', {
              time: formatDateTime(overview.last_failure.started_at),
              error: overview.last_failure.error ?? '',
            })}
          </Alert>
        )}
        {running && (
          <Stack gap={4}>
            <Text size="sm">{t('backups.progress', { percent: running.progress })}</Text>
            <Progress value={running.progress} aria-label={t('backups.progressLabel')} animated />
          </Stack>
        )}
        <Group>
          <Button
            loading={backUp.isPending}
            disabled={!overview?.available || Boolean(running)}
            onClick={() =>
              backUp.mutate(undefined, {
                onSuccess: (reply) => notifySuccess(noticeText(reply)),
                onError: (error) => notifyError(errorText(error)),
              })
            }
          >
            {t('backups.now')}
          </Button>
          <Button variant="light" disabled={!overview} onClick={() => setSettingsOpen(true)}>
            {t('backups.settingsOpen')}
          </Button>
        </Group>
        {overview && overview.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('backups.none')}
          </Text>
        )}
        {overview && overview.items.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label={t('backups.listLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backups.colTime')}</Table.Th>
                  <Table.Th>{t('backups.colSize')}</Table.Th>
                  <Table.Th>{t('backups.colCheck')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {overview.items.slice(0, 20).map((item) => (
                  <Table.Tr key={item.backup_id}>
                    <Table.Td>
                      {formatDateTime(item.started_at)}
                      {item.trigger === 'manual' ? ` (${t('backups.manual')})` : ''}
                    </Table.Td>
                    <Table.Td>{size(item.size_bytes)}</Table.Td>
                    <Table.Td>
                      <CheckBadge item={item} />
                      {item.check?.ok && (
                        <Text size="xs" c="dimmed">
                          {t('backups.checkDetail', {
                            tables: item.check.tables,
                            rows: item.check.rows,
                            files: item.check.files,
                          })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {item.downloadable && (
                        <Anchor
                          href={downloadUrl(item.backup_id)}
                          download={item.file_name ?? undefined}
                          aria-label={t('backups.downloadLabel', {
                            time: formatDateTime(item.started_at),
                          })}
                        >
                          {t('backups.download')}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {overview && (
          <Text size="sm">
            {t('backups.restoreHow')} <Code>{overview.restore_command}</Code>
          </Text>
        )}
      </Stack>
      {overview && (
        <SettingsDialog
          opened={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          overview={overview}
        />
      )}
    </Card>
  );
}
