import { Box, Image, NavLink, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconBooks,
  IconBuildingBank,
  IconCalendarEvent,
  IconCalendarOff,
  IconCash,
  IconChecklist,
  IconCoin,
  IconDoor,
  IconHome,
  IconMicrophone,
  IconNotes,
  IconReportMoney,
  IconSchool,
  IconSettings,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'wouter';
import { type AppRouteName, menuFor, samePath } from '#web/app/paths.ts';
import { useSession } from '#web/features/auth/api.ts';
import { HostAccountsIcon } from '#web/features/providers/index.ts';
import { useCenterSettings } from '#web/features/settings/api.ts';
import { t } from '#web/i18n/index.ts';

const icons: Record<AppRouteName, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  dashboard: IconHome,
  // A parent's children and the Parents page: people, like Students (an icon of its own would
  // cost the login route bytes it does not have).
  children: IconUsers,
  classes: IconSchool,
  schedules: IconCalendarEvent,
  teachers: IconUsersGroup,
  students: IconUsers,
  parents: IconUsers,
  staffs: IconUserShield,
  hostAccounts: HostAccountsIcon,
  settings: IconSettings,
  rooms: IconDoor,
  closedDays: IconCalendarOff,
  tuition: IconCoin,
  bank: IconBuildingBank,
  debts: IconReportMoney,
  teacherPay: IconCash,
  myPay: IconWallet,
  myAttendance: IconChecklist,
  lessonReports: IconNotes,
  library: IconBooks,
  liveRoom: IconMicrophone,
  // No menu entry (menuRoles: []); the settings' icon where a list of pages wants one.
  audit: IconSettings,
};

export function LeftSidebar() {
  const [pathname] = useLocation();
  const session = useSession();
  const center = useCenterSettings();
  const role = session.data?.user.role;
  const centerName = center.data?.center_name ?? 'Edu Center';
  if (!role) return null;

  return (
    <Stack h="100%" gap={0}>
      <Stack align="center" gap={6} p="md">
        {center.data?.logo_url ? (
          <Image
            src={center.data.logo_url}
            alt={`${centerName} logo`}
            w={56}
            h={56}
            fit="contain"
          />
        ) : (
          <img src="/favicon.svg" alt={`${centerName} logo`} width={56} height={56} />
        )}
        <Text fw={700} size="lg" ta="center" data-testid="sidebar-center-name">
          {centerName}
        </Text>
      </Stack>
      <ScrollArea flex={1} px="sm">
        <nav aria-label={t('nav.menu')}>
          {menuFor(role).map((item) => {
            const Icon = icons[item.name];
            return (
              <NavLink
                key={item.path}
                component={Link}
                href={item.path}
                active={samePath(pathname, item.path)}
                aria-current={samePath(pathname, item.path) ? 'page' : undefined}
                label={t(item.label)}
                leftSection={<Icon size={18} aria-hidden />}
                styles={{ root: { borderRadius: 8 } }}
              />
            );
          })}
        </nav>
      </ScrollArea>
      <Box p="md">
        <Paper p="md" radius="md" bg="primary.0">
          <Text fw={700} size="sm" c="primary.8">
            {t('motivation.title')}
          </Text>
          <Text size="xs" c="primary.9">
            {t('motivation.text')}
          </Text>
        </Paper>
      </Box>
    </Stack>
  );
}
