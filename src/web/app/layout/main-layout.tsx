// The main layout (product.md §2): left sidebar with logo, name, role menu and a motivational box;
// right sidebar with the profile and the chat bot. At 968 px or less: a header with a menu
// toggle, the notifications bell with its unread count (issue 26: on a phone the count is seen at
// a glance, not hidden in a drawer) and a user-menu toggle, each toggle opening its sidebar as a
// drawer.
import { Box, Burger, Drawer, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { BREAKPOINTS } from '#common/constants.ts';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { useSession } from '#web/features/auth/api.ts';
import { classesRealtime } from '#web/features/classes/api.ts';
import { notificationsRealtime } from '#web/features/notifications/api.ts';
import { NotificationsButton } from '#web/features/notifications/notifications-button.tsx';
import { hostAccountsRealtime } from '#web/features/providers/index.ts';
import { settingsRealtime, useCenterSettings } from '#web/features/settings/api.ts';
import { themesRealtime } from '#web/features/themes/api.ts';
import { usersRealtime } from '#web/features/users/api.ts';
import { language, rememberLanguage, t } from '#web/i18n/index.ts';
import { useTopLayer } from '#web/lib/dialog-layers.ts';
import { useRealtime } from '#web/lib/realtime.ts';
import { LeftSidebar } from './left-sidebar.tsx';
import classes from './main-layout.module.css';
import { RightSidebar } from './right-sidebar.tsx';

export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.mobile}px)`;

/** What each feature refreshes when the server announces a change (src/common/events.ts). */
const REALTIME = [
  settingsRealtime,
  themesRealtime,
  classesRealtime,
  hostAccountsRealtime,
  usersRealtime,
  notificationsRealtime,
] as const;

/** The signed-in layout around the page it is given. */
export default function MainLayout({ children }: { children: ReactNode }) {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [menuOpen, menu] = useDisclosure(false);
  const [userMenuOpen, userMenu] = useDisclosure(false);
  // A dialog opened from a drawer (the profile) takes its own Escape: the drawer stays.
  const menuOnTop = useTopLayer(menuOpen);
  const userMenuOnTop = useTopLayer(userMenuOpen);
  const session = useSession();
  const center = useCenterSettings();
  const [pathname] = useLocation();
  const user = session.data?.user;
  // Live updates while signed in, on every page of the layout.
  useRealtime(Boolean(user), REALTIME);

  // The language the user chose (kept on the server) wins over this browser's: applied by a
  // reload, as the catalogue, dates and pickers are set up once at start.
  useEffect(() => {
    if (user?.language && user.language !== language) {
      rememberLanguage(user.language);
      window.location.reload();
    }
  }, [user?.language]);

  // Following a link in a drawer closes it.
  useEffect(() => {
    menu.close();
    userMenu.close();
  }, [pathname]);

  if (!user) return null;

  if (mobile) {
    return (
      <ModalsProvider>
        <Box className={classes.mobileRoot}>
          <header className={classes.mobileHeader}>
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              aria-label={t('nav.openMenu')}
              size="sm"
            />
            <Text fw={700} truncate flex={1} miw={0}>
              {center.data?.center_name || t('nav.mobileFallbackName')}
            </Text>
            <Group gap="xs" wrap="nowrap" className={classes.headerEnd}>
              <NotificationsButton />
              <UnstyledButton onClick={userMenu.toggle} aria-label={t('nav.openUserMenu')}>
                <UserAvatar name={user.full_name} url={user.avatar_url} size="md" />
              </UnstyledButton>
            </Group>
          </header>
          <Drawer
            opened={menuOpen}
            onClose={menu.close}
            closeOnEscape={menuOnTop}
            size={280}
            padding={0}
            title={null}
            withCloseButton={false}
          >
            <LeftSidebar />
          </Drawer>
          <Drawer
            opened={userMenuOpen}
            onClose={userMenu.close}
            closeOnEscape={userMenuOnTop}
            position="right"
            size={320}
            padding={0}
            withCloseButton={false}
          >
            {/* The bell is in the header: one bell, so one set of system notifications. */}
            <RightSidebar withNotifications={false} />
          </Drawer>
          <main className={classes.content}>{children}</main>
        </Box>
      </ModalsProvider>
    );
  }

  return (
    <ModalsProvider>
      <Group className={classes.desktopRoot} gap={0} align="stretch" wrap="nowrap">
        <aside className={classes.left}>
          <LeftSidebar />
        </aside>
        <main className={classes.content}>{children}</main>
        <aside className={classes.right}>
          <RightSidebar />
        </aside>
      </Group>
    </ModalsProvider>
  );
}
