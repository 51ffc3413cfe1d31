// Settings (product.md §2): title, subtitle, the current theme's chip, and its cards — center info,
// theme management, the center's rooms (docs/decisions/019), the closed days (a page of their own),
// and four 'Sắp có' cards.
import { Badge, Button, Card, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBell,
  IconBuilding,
  IconCalendarOff,
  IconDoor,
  IconPalette,
  IconServer,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { appRoutes } from '#web/app/paths.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { ThemeManagerDialog, themeColors, useActiveTheme } from '#web/features/themes/index.ts';
import { type MessageKey, t } from '#web/i18n/index.ts';
import { useCenterSettings } from './api.ts';
import { CenterSettingsDialog } from './center-settings-dialog.tsx';
import classes from './settings-page.module.css';

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
  onOpen?: () => void;
}) {
  const disabled = !onOpen;
  return (
    <Card withBorder radius="md" padding="lg" className={disabled ? classes.disabled : undefined}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {icon}
            <Title order={2} size="h4">
              {t(title)}
            </Title>
          </Group>
          {disabled && (
            <Badge variant="light" color="gray">
              {t('common.comingSoon')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t(text)}
        </Text>
        {children}
        <Button
          mt="auto"
          variant="light"
          disabled={disabled}
          onClick={onOpen}
          aria-label={`${t('settings.open')} ${t(title)}`}
        >
          {t('settings.open')}
        </Button>
      </Stack>
    </Card>
  );
}

/** The four cards whose settings the specification leaves for later ('Sắp có'). */
const COMING_SOON = [
  { icon: <IconUsers aria-hidden />, title: 'settings.users.title', text: 'settings.users.text' },
  {
    icon: <IconShieldLock aria-hidden />,
    title: 'settings.security.title',
    text: 'settings.security.text',
  },
  {
    icon: <IconBell aria-hidden />,
    title: 'settings.notifications.title',
    text: 'settings.notifications.text',
  },
  {
    icon: <IconServer aria-hidden />,
    title: 'settings.system.title',
    text: 'settings.system.text',
  },
] as const;

export default function SettingsPage() {
  const theme = useActiveTheme();
  const center = useCenterSettings();
  const [dialog, setDialog] = useState<'center' | 'theme' | null>(null);
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
        {COMING_SOON.map((card) => (
          <SettingsCard key={card.title} {...card} />
        ))}
      </div>
      <CenterSettingsDialog opened={dialog === 'center'} onClose={() => setDialog(null)} />
      <ThemeManagerDialog opened={dialog === 'theme'} onClose={() => setDialog(null)} />
    </>
  );
}
