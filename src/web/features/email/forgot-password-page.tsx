// 'Quên mật khẩu?' (issue 29 point 5, docs/decisions/040-password-reset.md): asks the e-mail and
// gives the same answer whether or not it has an account; without e-mail set up at the center it
// says to ask the staff (who issue a new first password). Lazily loaded: not in the login bundle.
import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { t } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/error-text.ts';
import { askPasswordReset, passwordResetAvailable } from './api.ts';

export default function ForgotPasswordPage() {
  const available = useQuery({
    queryKey: ['password-reset'],
    queryFn: passwordResetAvailable,
  });
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<'sent' | 'askStaff' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.includes('@')) {
      setError(t('error.EMAIL_ADDRESS_INVALID'));
      return;
    }
    setPending(true);
    try {
      const reply = await askPasswordReset(email.trim());
      setAnswer(reply.code === 'PASSWORD_RESET_SENT' ? 'sent' : 'askStaff');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setPending(false);
    }
  };

  const askStaff = answer === 'askStaff' || available.data?.email_configured === false;
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="md" radius="lg" p="xl" maw={440} w="100%">
        <Stack>
          <Title order={1} size="h3">
            {t('email.forgot.title')}
          </Title>
          {askStaff ? (
            <Alert color="warning" role="status">
              {t('email.forgot.askStaff')}
            </Alert>
          ) : answer === 'sent' ? (
            <Alert color="success" role="status">
              {t('email.forgot.sent')}
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack>
                <Text size="sm" c="dimmed">
                  {t('email.forgot.intro')}
                </Text>
                {error && (
                  <Alert color="error" role="alert">
                    {error}
                  </Alert>
                )}
                <TextInput
                  label={t('email.forgot.email')}
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  required
                />
                <Button type="submit" loading={pending} disabled={available.isLoading} fullWidth>
                  {t('email.forgot.submit')}
                </Button>
              </Stack>
            </form>
          )}
          <Anchor component={Link} href="/login" size="sm">
            {t('email.forgot.back')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
