// Zoom accounts (product.md §2): the pool that hosts lessons; online means busy with a lesson, live.
// Admin and staff see it; only admin syncs from Zoom, adds and deletes.
import { Alert, Badge, Button, Center, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import { IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { hasPermission } from '#common/permissions.ts';
import type {
  ConnectionCheckDto,
  ProviderUserDto,
  ZoomAccountDto,
} from '#common/providers/zoom/contracts.ts';
import { appRoutes } from '#web/app/paths.ts';
import { confirmDeletion, confirmThen } from '#web/components/confirm.tsx';
import { DeleteIconButton } from '#web/components/delete-icon-button.tsx';
import { ListPagination } from '#web/components/list-pagination.tsx';
import { ListSearchBar, useListSearch } from '#web/components/list-search.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDate } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notify, notifyError, notifySuccess } from '#web/lib/notify.ts';
import {
  useDeleteZoomAccount,
  useReleaseZoomAccount,
  useSyncZoom,
  useZoomAccounts,
  useZoomConnectionCheck,
  ZOOM_ACCOUNT_SORTS,
  type ZoomAccountSortValue,
} from './api.ts';
import { ConnectionCheckDialog } from './connection-check-dialog.tsx';
import { SyncDialog } from './sync-dialog.tsx';

export default function ZoomAccountsPage() {
  const session = useSession();
  const isAdmin = hasPermission(session.data!.user.role, 'manage_zoom_accounts');
  const search = useListSearch<ZoomAccountSortValue>('-created_at');
  const { page, setPage } = search;
  const accounts = useZoomAccounts(search);
  const sync = useSyncZoom();
  const remove = useDeleteZoomAccount();
  const [syncUsers, setSyncUsers] = useState<ProviderUserDto[] | null>(null);
  const release = useReleaseZoomAccount();
  const check = useZoomConnectionCheck();
  const [checkResult, setCheckResult] = useState<ConnectionCheckDto | null>(null);

  const runCheck = () =>
    check.mutate(undefined, {
      onSuccess: setCheckResult,
      onError: (error) => notifyError(errorText(error)),
    });
  const releaseAccount = async (account: ZoomAccountDto) => {
    confirmThen({
      title: t('hostAccounts.releaseTitle'),
      message: t('hostAccounts.releaseMessage', { email: account.email }),
      confirmText: t('hostAccounts.release'),
      onConfirm: () =>
        release.mutate(account.zoom_account_id, {
          onSuccess: (result) => notifySuccess(noticeText(result)),
          onError: (error) => notifyError(errorText(error)),
        }),
    });
  };

  const deleteAccount = (account: ZoomAccountDto) =>
    confirmDeletion(
      t('hostAccounts.deleteTitle'),
      t('hostAccounts.deleteMessage', { email: account.email }),
      () =>
        remove.mutate(account.zoom_account_id, {
          onSuccess: (result) => notifySuccess(noticeText(result)),
          onError: (error) => notifyError(errorText(error)),
        }),
    );

  const startSync = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => {
        if (result.users.length === 0)
          notify({
            type: 'info',
            message: result.code ? noticeText({ ...result, code: result.code }) : '',
          });
        else setSyncUsers(result.users);
      },
      onError: (error) => notifyError(errorText(error)),
    });

  return (
    <>
      <PageHeader
        title={t('hostAccounts.title')}
        subtitle={t('hostAccounts.subtitle')}
        action={
          isAdmin && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconPlugConnected size={16} aria-hidden />}
                onClick={runCheck}
                loading={check.isPending}
              >
                {t('hostAccounts.check')}
              </Button>
              <Button
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={startSync}
                loading={sync.isPending}
                disabled={accounts.data?.configured === false}
              >
                {t('hostAccounts.sync')}
              </Button>
            </Group>
          )
        }
      />
      {accounts.data?.configured === false && (
        <Alert color="warning" mb="md" role="status">
          {isAdmin ? (
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('hostAccounts.notConfiguredAdmin')}</Text>
              <Button size="xs" variant="light" component={Link} href={appRoutes.settings.path}>
                {t('providerSetup.open')}
              </Button>
            </Group>
          ) : (
            t('hostAccounts.notConfigured')
          )}
        </Alert>
      )}
      <ListSearchBar search={search} sorts={ZOOM_ACCOUNT_SORTS} />
      <QueryState query={accounts}>
        <Paper withBorder radius="md">
          <ResponsiveTable
            minWidth={560}
            stickyLastColumn={isAdmin}
            label={t('hostAccounts.title')}
          >
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('hostAccounts.col.email')}</Table.Th>
                  <Table.Th>{t('hostAccounts.col.active')}</Table.Th>
                  <Table.Th>{t('hostAccounts.col.online')}</Table.Th>
                  <Table.Th>{t('hostAccounts.col.created')}</Table.Th>
                  {isAdmin && <Table.Th>{t('hostAccounts.col.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accounts.data?.items.map((account) => (
                  <Table.Tr key={account.zoom_account_id}>
                    <Table.Td>{account.email}</Table.Td>
                    <Table.Td>
                      <Badge color={account.is_active ? 'success' : 'gray'} variant="light">
                        {account.is_active
                          ? t('hostAccounts.activeBadge')
                          : t('hostAccounts.inactiveBadge')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={account.is_busy ? 'success' : 'gray'}
                        variant={account.is_busy ? 'filled' : 'outline'}
                        data-testid="online-badge"
                      >
                        {account.is_busy ? t('hostAccounts.online') : t('hostAccounts.offline')}
                      </Badge>
                      {account.stuck && (
                        <Tooltip label={t('hostAccounts.stuckHint')}>
                          <Badge color="warning" variant="light" ml="xs" tt="none" tabIndex={0}>
                            {t('hostAccounts.stuck')}
                          </Badge>
                        </Tooltip>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDate(account.created_at)}</Table.Td>
                    {isAdmin && (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {account.stuck && (
                            <Button
                              size="xs"
                              variant="light"
                              color="warning"
                              aria-label={t('hostAccounts.releaseNamed', { email: account.email })}
                              onClick={() => void releaseAccount(account)}
                            >
                              {t('hostAccounts.release')}
                            </Button>
                          )}
                          <DeleteIconButton
                            label={t('hostAccounts.delete', { email: account.email })}
                            onClick={() => deleteAccount(account)}
                          />
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
          {accounts.data?.items.length === 0 && (
            <Center p="lg">
              <Text c="dimmed">{t('hostAccounts.empty')}</Text>
            </Center>
          )}
        </Paper>
      </QueryState>
      <ListPagination list={accounts.data} page={page} onChange={setPage} />
      <SyncDialog users={syncUsers} onClose={() => setSyncUsers(null)} />
      <ConnectionCheckDialog result={checkResult} onClose={() => setCheckResult(null)} />
    </>
  );
}
