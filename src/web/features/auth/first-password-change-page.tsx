// A user whose password an admin set chooses a new one before seeing anything else.
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { t } from '#web/i18n/index.ts';
import { useLogout } from './api.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

export default function FirstPasswordChangePage() {
  const logout = useLogout();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="md" radius="lg" p="xl" maw={440} w="100%">
        <Stack>
          <Title order={1} size="h3">
            {t('firstLogin.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('firstLogin.text')}
          </Text>
          <ChangePasswordForm />
          <Button variant="subtle" color="gray" onClick={() => logout.mutate()}>
            {t('profile.logout')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
