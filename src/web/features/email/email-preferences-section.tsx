// The profile's e-mail choices (issue 29 point 4): per e-mailable notification type, on or off;
// until a person chooses, the center's default holds (Settings → Notifications).
import { Stack, Switch, Text, Title } from '@mantine/core';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useEmailPreferences, useSaveEmailPreference } from './api.ts';

export function EmailPreferencesSection() {
  const preferences = useEmailPreferences();
  const save = useSaveEmailPreference();
  const session = useSession();
  const data = preferences.data;
  return (
    <Stack gap="xs" aria-labelledby="email-preferences-title" role="group">
      <Title order={3} size="h5" id="email-preferences-title">
        {t('email.profile.title')}
      </Title>
      {data && !data.available && (
        <Text size="sm" c="dimmed">
          {t('email.profile.unavailable')}
        </Text>
      )}
      {data?.available && (
        <>
          <Text size="sm" c="dimmed">
            {t('email.profile.hint', { email: session.data?.user.email ?? '' })}
          </Text>
          {data.items.map((item) => (
            <Switch
              key={item.type}
              label={t(`email.type.${item.type}`)}
              description={t('email.profile.centerDefault', {
                value: t(item.center_default ? 'email.profile.on' : 'email.profile.off'),
              })}
              checked={item.enabled}
              disabled={save.isPending}
              onChange={(event) =>
                save.mutate(
                  { [item.type]: event.currentTarget.checked },
                  {
                    onSuccess: (result) => notifySuccess(noticeText(result)),
                    onError: (error) => notifyError(errorText(error)),
                  },
                )
              }
            />
          ))}
        </>
      )}
    </Stack>
  );
}
