// Sign-in (product.md §2 Login, §5, §8): email, password with show/hide, a forgot-password link
// that does nothing, the slogan, logo and center name. Unlike the other forms this one is not on
// @mantine/form and the shared zod schemas: they would add ~29 KB gzip to the first page anyone
// loads, for two fields whose errors (email format here, the refusal from the server) it shows as
// the others do.
import {
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { afterSignInPath } from '#web/app/guards.tsx';
import { paths } from '#web/app/paths.ts';
import { FormError } from '#web/components/form-parts.tsx';
import { PasswordField } from '#web/components/password-field.tsx';
import { useCenterSettings } from '#web/features/settings/index.ts';
import { t } from '#web/i18n/index.ts';
import { refusalText } from '#web/lib/error-text.ts';
import { useLogin } from './api.ts';
import classes from './login-page.module.css';

export function LoginPage() {
  const center = useCenterSettings();
  const login = useLogin();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const centerName = center.data?.center_name ?? 'Edu Center';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const normalized = email.trim().toLowerCase();
    if (!normalized.includes('@')) {
      setEmailError(t('error.LOGIN_INVALID_EMAIL'));
      return;
    }
    setEmailError(null);
    login.mutate(
      { email: normalized, password },
      {
        // Where the guard sent the user from is in the history entry's state.
        onSuccess: () => navigate(afterSignInPath(window.history.state), { replace: true }),
        onError: (error) => {
          // A refusal from the server carries its own message; anything else is an exception.
          setFormError(refusalText(error, t('error.LOGIN_EXCEPTION')));
        },
      },
    );
  };

  return (
    <Center className={classes.page}>
      <Paper className={classes.card} shadow="md" radius="lg" withBorder>
        <Box className={classes.brand}>
          {center.data?.logo_url ? (
            <Image
              src={center.data.logo_url}
              alt={`${centerName} logo`}
              w={72}
              h={72}
              fit="contain"
            />
          ) : (
            <img src="/favicon.svg" alt={`${centerName} logo`} width={72} height={72} />
          )}
          <Title order={1} size="h2" ta="center">
            {centerName}
          </Title>
          <Text c="dimmed" ta="center" fs="italic">
            {t('login.slogan')}
          </Text>
        </Box>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('login.title')}
            </Title>
            <FormError message={formError} />
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={emailError}
              required
            />
            <PasswordField
              label={t('login.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              required
            />
            <Group justify="flex-end">
              <Anchor component={Link} href={paths.forgotPassword} size="sm">
                {t('login.forgot')}
              </Anchor>
            </Group>
            <Button type="submit" loading={login.isPending} fullWidth>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
