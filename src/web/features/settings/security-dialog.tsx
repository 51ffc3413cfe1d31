// The 'Security' card's dialog (issue 26): the sign-in limits in force and everyone's active
// sessions, each of which the admin may end (it stops at once).
import { Button, List, Modal, Stack, Title } from '@mantine/core';
import { Link } from 'wouter';
import { appRoutes } from '#web/app/paths.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { SessionList } from '#web/features/profile/index.ts';
import { t } from '#web/i18n/index.ts';
import { useAllSessions } from './api.ts';

export function SecurityDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const all = useAllSessions(opened);
  const limits = all.data?.limits;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('settingsCards.security.dialogTitle')}
      size="lg"
      centered
    >
      {all.data && limits ? (
        <Stack>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('settingsCards.security.limitsTitle')}
            </Title>
            <List size="sm" spacing={4} aria-label={t('settingsCards.security.limitsTitle')}>
              <List.Item>
                {t('settingsCards.security.limitPair', {
                  count: limits.maxFailuresPerPair,
                  minutes: limits.windowMinutes,
                })}
              </List.Item>
              <List.Item>
                {t('settingsCards.security.limitDelay', {
                  free: limits.freeFailures,
                  seconds: limits.maxDelaySeconds,
                })}
              </List.Item>
              <List.Item>
                {t('settingsCards.security.limitDay', { count: limits.maxFailuresPerEmailPerDay })}
              </List.Item>
              <List.Item>
                {t('settingsCards.security.limitIp', {
                  count: limits.maxFailuresPerIp,
                  minutes: limits.windowMinutes,
                })}
              </List.Item>
              <List.Item>
                {t('settingsCards.security.limitSession', {
                  idle: limits.sessionIdleHours,
                  days: limits.sessionMaxDays,
                })}
              </List.Item>
              <List.Item>{t('settingsCards.security.limitPassword')}</List.Item>
            </List>
          </Stack>
          <Button
            component={Link}
            href={appRoutes.audit.path}
            variant="default"
            onClick={onClose}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('audit.open')}
          </Button>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('settingsCards.security.sessionsTitle')}
            </Title>
            <SessionList
              sessions={all.data.sessions}
              showPerson
              label={t('settingsCards.security.sessionsTitle')}
            />
          </Stack>
        </Stack>
      ) : (
        <QueryState query={all} errorMessage={t('sessions.loadFailed')} />
      )}
    </Modal>
  );
}
