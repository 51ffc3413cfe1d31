// Active sessions as a list of cards (it fits a phone as well as a desk): device, address, when
// signed in and last seen, and a button to end each but the one in use. One's own in the profile
// dialog (with "sign out of other devices"); everyone's, with the person, in the 'Security' card.
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import type { ActiveSessionDto } from '#common/sessions.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useEndOtherSessions, useEndSession, useOwnSessions } from './api.ts';

export function SessionList({
  sessions,
  showPerson,
  label,
}: {
  sessions: ActiveSessionDto[];
  showPerson: boolean;
  label: string;
}) {
  const end = useEndSession();
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {sessions.map((session) => {
        const device = session.device ?? t('sessions.unknownDevice');
        return (
          <Card key={session.session_id} withBorder padding="sm" role="listitem">
            <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                {showPerson && (
                  <Text fw={600} size="sm">
                    {session.person.full_name}{' '}
                    <Text span c="dimmed" size="xs">
                      {session.person.email}
                    </Text>
                  </Text>
                )}
                <Group gap={6} wrap="nowrap">
                  <IconDeviceDesktop size={16} aria-hidden />
                  <Text size="sm" fw={showPerson ? 400 : 600}>
                    {device}
                  </Text>
                  {session.current && (
                    <Badge size="sm" variant="light" color="success">
                      {t('sessions.current')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('sessions.address', { ip: session.ip ?? t('sessions.unknownAddress') })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('sessions.signedIn', { time: formatDateTime(session.signed_in_at) })}
                  {' · '}
                  {t('sessions.lastSeen', { time: formatDateTime(session.last_seen_at) })}
                </Text>
              </Stack>
              {!session.current && (
                <Button
                  size="xs"
                  variant="light"
                  color="error"
                  leftSection={<IconLogout size={14} aria-hidden />}
                  loading={end.isPending && end.variables === session.session_id}
                  aria-label={t('sessions.endOf', { name: session.person.full_name, device })}
                  onClick={() =>
                    end.mutate(session.session_id, {
                      onSuccess: (notice) => notifySuccess(noticeText(notice)),
                      onError: (error) => notifyError(errorText(error)),
                    })
                  }
                >
                  {t('sessions.end')}
                </Button>
              )}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

/** The profile dialog's part: one's own sessions and signing out of the other devices. */
export function OwnSessionsSection() {
  const sessions = useOwnSessions();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions;
  const others = list?.filter((session) => !session.current).length ?? 0;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" id="own-sessions-title">
        {t('sessions.title')}
      </Text>
      {list ? (
        <SessionList sessions={list} showPerson={false} label={t('sessions.title')} />
      ) : (
        <QueryState query={sessions} errorMessage={t('sessions.loadFailed')} />
      )}
      {list && others === 0 && (
        <Text size="sm" c="dimmed">
          {t('sessions.none')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          variant="light"
          color="error"
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: (notice) => notifySuccess(noticeText(notice)),
              onError: (error) => notifyError(errorText(error)),
            })
          }
        >
          {t('sessions.endOthers')}
        </Button>
      </Group>
    </Stack>
  );
}
