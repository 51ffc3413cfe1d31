import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '#web/app/paths.ts';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { useLogout, useSession } from '#web/features/auth/api.ts';
import { NotificationsButton } from '#web/features/notifications/notifications-button.tsx';
import { useCenterSettings } from '#web/features/settings/index.ts';
import { t } from '#web/i18n/index.ts';
import { roleName } from '#web/lib/role-name.ts';
import { ChatBot } from './chat-bot.tsx';

// The profile dialog (its forms, sessions and e-mail choices) loads when first asked for, not with
// every page: on a phone it was a third of the layout's download. Fetched as the pointer or the
// focus reaches its button, so it is usually there by the click.
const loadProfileModal = () => import('#web/features/profile/profile-modal.tsx');
const ProfileModal = lazy(() => loadProfileModal().then((m) => ({ default: m.ProfileModal })));

/** The profile side; `withNotifications` false where the bell is elsewhere (the phone's header). */
export function RightSidebar({ withNotifications = true }: { withNotifications?: boolean }) {
  const session = useSession();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const [profileOpen, profile] = useDisclosure(false);
  // Mounted from its first opening on, so it closes with its transition as before.
  const [profileAsked, setProfileAsked] = useState(false);
  // The center may hide the chat panel (Settings); shown until it says otherwise.
  const chatShown = useCenterSettings().data?.chat_panel_shown !== false;
  const user = session.data?.user;
  if (!user) return null;

  return (
    <Stack h="100%" gap="md" p="md">
      <Stack align="center" gap={4}>
        <UserAvatar name={user.full_name} url={user.avatar_url} size={72} />
        <Text fw={700} ta="center" data-testid="profile-name">
          {user.full_name}
        </Text>
        <Text size="sm" c="dimmed" data-testid="profile-role">
          {roleName(user.role)}
        </Text>
        <Group gap="xs" mt={4}>
          {withNotifications && <NotificationsButton />}
          <Tooltip label={t('profile.edit')}>
            <ActionIcon
              variant="light"
              size="lg"
              aria-label={t('profile.edit')}
              onPointerEnter={() => loadProfileModal().catch(() => {})}
              onFocus={() => loadProfileModal().catch(() => {})}
              onClick={() => {
                setProfileAsked(true);
                profile.open();
              }}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('profile.logout')}>
            <ActionIcon
              variant="light"
              color="error"
              size="lg"
              aria-label={t('profile.logout')}
              loading={logout.isPending}
              onClick={() =>
                logout.mutate(undefined, {
                  onSettled: () => navigate(paths.login, { replace: true }),
                })
              }
            >
              <IconLogout size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
      {chatShown && <ChatBot />}
      {profileAsked && (
        <Suspense fallback={null}>
          <ProfileModal opened={profileOpen} onClose={profile.close} />
        </Suspense>
      )}
    </Stack>
  );
}
