import { Alert, Center } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { t } from '#web/i18n/index.ts';

/** The access-denied panel shown when a role opens a page it may not see. */
export function AccessDenied({ message = t('accessDenied.generic') }: { message?: string }) {
  return (
    <Center py="xl">
      <Alert
        icon={<IconLock aria-hidden />}
        color="error"
        title={t('accessDenied.title')}
        maw={520}
        w="100%"
        role="alert"
      >
        {message}
      </Alert>
    </Center>
  );
}
