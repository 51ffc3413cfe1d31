// Settings → Zoom (admin, docs/decisions/024): the center's Zoom apps connected from the app. The
// card says whether Zoom is connected; its dialog takes each credential with a short guide to
// where it is on Zoom's App Marketplace, gives the webhook address to paste there, and on saving
// shows the connection check's verdict. Saved values never come back: a field shows whether it is
// set (an identifier by its last characters), an empty box keeps it, and it can be cleared.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandZoom } from '@tabler/icons-react';
import { useState } from 'react';
import { hasPermission } from '#common/permissions.ts';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { useZoomSettings } from './api.ts';

// Its dialog loads when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const ZoomSettingsDialog = lazyDialog(
  () => import('./zoom-settings-dialog.tsx').then((m) => m.ZoomSettingsDialog),
  ({ opened }) => opened,
);

/** The card of the Settings page; only for whoever may connect Zoom (the admin). */
export function ZoomSettingsCard() {
  const session = useSession();
  const mayConnect = hasPermission(session.data!.user.role, 'manage_zoom_accounts');
  const settings = useZoomSettings(mayConnect);
  const [opened, setOpened] = useState(false);
  if (!mayConnect) return null;
  const connected = settings.data?.connected;
  return (
    <>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" h="100%">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <IconBrandZoom aria-hidden />
              <Title order={2} size="h4">
                {t('providerSetup.cardTitle')}
              </Title>
            </Group>
            {connected !== undefined && (
              <Badge variant="light" color={connected ? 'success' : 'warning'} tt="none">
                {connected ? t('providerSetup.connected') : t('providerSetup.notConnected')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('providerSetup.cardText')}
          </Text>
          <Button
            mt="auto"
            variant="light"
            onClick={() => setOpened(true)}
            aria-label={`${t('settings.open')} ${t('providerSetup.cardTitle')}`}
          >
            {t('settings.open')}
          </Button>
        </Stack>
      </Card>
      <ZoomSettingsDialog
        opened={opened}
        settings={settings.data}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

/** What the box under a field says of its saved value. */
