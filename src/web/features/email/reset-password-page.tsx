// The page a reset e-mail's link opens (docs/decisions/040-password-reset.md): the token is in
// the address's fragment (never sent to a server by the browser, nor in a Referer); a new password
// by the product's rules; done, the person signs in with it (every other session has ended).
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { passwordChangeProblem } from '#common/password-rules.ts';
import { t } from '#web/i18n/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { errorText } from '#web/lib/error-text.ts';
import { confirmPasswordReset } from './api.ts';

export default function ResetPasswordPage() {
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problem = passwordChangeProblem(newPassword, confirmPassword);
    if (problem) {
      setError(t(`error.${problem}`));
      return;
    }
    setPending(true);
    try {
      await confirmPasswordReset({ token, newPassword, confirmPassword });
      // The key is spent: it leaves the address bar and the history entry.
      window.history.replaceState(null, '', '/reset-password');
      setState('done');
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'PASSWORD_RESET_INVALID') {
        setState('invalid');
      } else setError(errorText(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="md" radius="lg" p="xl" maw={440} w="100%">
        <Stack>
          <Title order={1} size="h3">
            {t('email.reset.title')}
          </Title>
          {state === 'done' && (
            <>
              <Alert color="success" role="status">
                {t('email.reset.done')}
              </Alert>
              <Button component={Link} href="/login">
                {t('email.forgot.back')}
              </Button>
            </>
          )}
          {state === 'invalid' && (
            <>
              <Alert color="error" role="alert">
                {t('email.reset.invalid')}
              </Alert>
              <Anchor component={Link} href="/forgot-password" size="sm">
                {t('email.reset.again')}
              </Anchor>
            </>
          )}
          {state === 'form' && (
            <form onSubmit={submit} noValidate>
              <Stack>
                {error && (
                  <Alert color="error" role="alert">
                    {error}
                  </Alert>
                )}
                <PasswordInput
                  label={t('email.reset.new')}
                  autoComplete="new-password"
                  value={newPassword}
                  onChange={(event) => setNewPassword(event.currentTarget.value)}
                  required
                />
                <PasswordInput
                  label={t('email.reset.confirm')}
                  autoComplete="new-password"
                  value={confirmPassword}
                  onChange={(event) => setConfirmPassword(event.currentTarget.value)}
                  required
                />
                <Button type="submit" loading={pending} fullWidth>
                  {t('email.reset.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
