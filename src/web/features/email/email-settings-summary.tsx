// Settings → Notifications' card line, apart from its dialog (email-settings-dialog.tsx), which loads
// when first opened.
import { Text } from '@mantine/core';
import { t } from '#web/i18n/index.ts';
import { useEmailSettings } from './api.ts';

/** The card's line: where e-mail goes through, or that it is not set up. */
export function EmailSettingsSummary() {
  const settings = useEmailSettings();
  if (!settings.data) return null;
  return (
    <Text size="sm" fw={500}>
      {settings.data.configured
        ? t('email.card.configured', { host: settings.data.host ?? '' })
        : t('email.card.notConfigured')}
    </Text>
  );
}
