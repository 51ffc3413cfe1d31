// Settings (product.md §2): title, subtitle, the current theme's chip, and its cards — center info
// (with whether the chat panel shows), theme management, the center's rooms (docs/decisions/019),
// the closed days (a page of their own), the video provider, the center's bank account and the bank
// webhook's key (issue 27), 'Users' and 'Security' (issue 26), 'Notifications' (e-mail, issue 29)
// and 'System': backups and restore (issue 30, features/backups).
import { Badge, Button, Card, ColorSwatch, Group, Stack, Switch, Text, Title } from '@mantine/core';
import {
  IconBell,
  IconBuilding,
  IconCalendarOff,
  IconCalendarRepeat,
  IconDoor,
  IconPalette,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { appRoutes } from '#web/app/paths.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { SystemCard } from '#web/features/backups/index.ts';
import { BankWebhookCard } from '#web/features/bank/index.ts';
import { EmailSettingsSummary } from '#web/features/email/index.ts';
import { ProviderSettingsCard } from '#web/features/providers/index.ts';
import { RecordingRetentionCard } from '#web/features/recordings/index.ts';
import { themeColors, useActiveTheme } from '#web/features/themes/index.ts';
import { BankAccountCard } from '#web/features/tuition/index.ts';
import { type MessageKey, t } from '#web/i18n/index.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useCenterSettings, useSaveCenterOptions } from './api.ts';
import classes from './settings-page.module.css';

// Its dialogs load when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const CenterSettingsDialog = lazyDialog(
  () => import('./center-settings-dialog.tsx').then((m) => m.CenterSettingsDialog),
  ({ opened }) => opened,
);

const UsersOptionsDialog = lazyDialog(
  () => import('./users-options-dialog.tsx').then((m) => m.UsersOptionsDialog),
  ({ opened }) => opened,
);

const SecurityDialog = lazyDialog(
  () => import('./security-dialog.tsx').then((m) => m.SecurityDialog),
  ({ opened }) => opened,
);

const MakeupsOptionsDialog = lazyDialog(
  () => import('./makeups-options-dialog.tsx').then((m) => m.MakeupsOptionsDialog),
  ({ opened }) => opened,
);

const ThemeManagerDialog = lazyDialog(
  () => import('#web/features/themes/theme-manager-dialog.tsx').then((m) => m.ThemeManagerDialog),
  ({ opened }) => opened,
);

const EmailSettingsDialog = lazyDialog(
  () => import('#web/features/email/email-settings-dialog.tsx').then((m) => m.EmailSettingsDialog),
  ({ opened }) => opened,
);

function SettingsCard({
  icon,
  title,
  text,
  children,
  onOpen,
}: {
  icon: ReactNode;
  title: MessageKey;
  text: MessageKey;
  children?: ReactNode;
  /** Without it the card only says what it will hold (issue 26: no 'Sắp có'). */
  onOpen?: () => void;
}) {
  return (
    <Card withBorder radius="md" padding="lg" className={onOpen ? undefined : classes.disabled}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          {icon}
          <Title order={2} size="h4">
            {t(title)}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t(text)}
        </Text>
        {children}
        {onOpen && (
          <Button
            mt="auto"
            variant="light"
            onClick={onOpen}
            aria-label={`${t('settings.open')} ${t(title)}`}
          >
            {t('settings.open')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** Whether the chat panel shows, for everyone: saved as soon as it is switched. */
function ChatPanelSwitch() {
  const center = useCenterSettings();
  const save = useSaveCenterOptions();
  return (
    <Switch
      label={t('settingsCards.chat.label')}
      description={t('settingsCards.chat.hint')}
      checked={center.data?.chat_panel_shown ?? true}
      disabled={!center.data || save.isPending}
      onChange={(event) =>
        save.mutate(
          { chat_panel_shown: event.currentTarget.checked },
          {
            onSuccess: (result) => notifySuccess(noticeText(result)),
            onError: (error) => notifyError(errorText(error)),
          },
        )
      }
    />
  );
}

export default function SettingsPage() {
  const theme = useActiveTheme();
  const center = useCenterSettings();
  const [dialog, setDialog] = useState<
    'center' | 'theme' | 'users' | 'security' | 'makeups' | 'email' | null
  >(null);
  const [, navigate] = useLocation();
  const colors = themeColors(theme.data);
  const themeName =
    theme.data?.theme_name || (theme.data as { name?: string } | undefined)?.name || 'Default';

  return (
    <>
      <PageHeader
        title={t('settings.title')}
        subtitle={t('settings.subtitle')}
        action={
          <Badge
            size="lg"
            variant="light"
            leftSection={<IconPalette size={14} aria-hidden />}
            data-testid="theme-chip"
            tt="none"
          >
            {t('settings.currentTheme', { name: themeName })}
          </Badge>
        }
      />
      <div className={classes.grid}>
        <SettingsCard
          icon={<IconBuilding aria-hidden />}
          title="settings.center.title"
          text="settings.center.text"
          onOpen={() => setDialog('center')}
        >
          <Text fw={600}>{center.data?.center_name}</Text>
          <ChatPanelSwitch />
        </SettingsCard>
        <SettingsCard
          icon={<IconPalette aria-hidden />}
          title="settings.theme.title"
          text="settings.theme.text"
          onOpen={() => setDialog('theme')}
        >
          <Group gap="xs" aria-label={themeName}>
            {(['primary_500', 'success_500', 'warning_500', 'error_500'] as const).map((key) => (
              <ColorSwatch key={key} color={colors[key]} title={key} />
            ))}
          </Group>
        </SettingsCard>
        <SettingsCard
          icon={<IconDoor aria-hidden />}
          title="settings.rooms.title"
          text="settings.rooms.text"
          onOpen={() => navigate(appRoutes.rooms.path)}
        />
        <SettingsCard
          icon={<IconCalendarOff aria-hidden />}
          title="closedDays.settingsTitle"
          text="closedDays.settingsText"
          onOpen={() => navigate(appRoutes.closedDays.path)}
        />
        <ProviderSettingsCard />
        <RecordingRetentionCard />
        <BankAccountCard />
        <SettingsCard
          icon={<IconUsers aria-hidden />}
          title="settings.users.title"
          text="settingsCards.users.text"
          onOpen={() => setDialog('users')}
        />
        <SettingsCard
          icon={<IconShieldLock aria-hidden />}
          title="settings.security.title"
          text="settingsCards.security.text"
          onOpen={() => setDialog('security')}
        />
        <BankWebhookCard />
        <SettingsCard
          icon={<IconCalendarRepeat aria-hidden />}
          title="makeups.settings.title"
          text="makeups.settings.text"
          onOpen={() => setDialog('makeups')}
        />
        <SettingsCard
          icon={<IconBell aria-hidden />}
          title="settings.notifications.title"
          text="email.card.text"
          onOpen={() => setDialog('email')}
        >
          <EmailSettingsSummary />
        </SettingsCard>
        <SystemCard />
      </div>
      <CenterSettingsDialog opened={dialog === 'center'} onClose={() => setDialog(null)} />
      <UsersOptionsDialog opened={dialog === 'users'} onClose={() => setDialog(null)} />
      <SecurityDialog opened={dialog === 'security'} onClose={() => setDialog(null)} />
      <MakeupsOptionsDialog opened={dialog === 'makeups'} onClose={() => setDialog(null)} />
      <ThemeManagerDialog opened={dialog === 'theme'} onClose={() => setDialog(null)} />
      <EmailSettingsDialog opened={dialog === 'email'} onClose={() => setDialog(null)} />
    </>
  );
}
