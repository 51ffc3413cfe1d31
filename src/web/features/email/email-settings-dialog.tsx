// Settings → Notifications (issue 29 point 4, docs/decisions/039-email.md): the SMTP connection
// (the password is never shown: only whether it is set), the sender, which notification types go
// by e-mail unless a person chooses otherwise, and a test message that reports what the SMTP
// server said.
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import {
  EMAIL_NOTIFICATION_TYPES,
  type EmailNotificationType,
  type EmailSettingsDto,
  SMTP_SECURITY,
  type SmtpSecurity,
  type TestEmailReply,
} from '#common/email.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useEmailSettings, useSaveEmailSettings, useSendTestEmail } from './api.ts';

interface Values {
  host: string;
  port: number | string;
  security: SmtpSecurity;
  username: string;
  password: string;
  clearPassword: boolean;
  from_address: string;
  from_name: string;
  email_defaults: Record<EmailNotificationType, boolean>;
}

const valuesOf = (dto: EmailSettingsDto): Values => ({
  host: dto.host ?? '',
  port: dto.port,
  security: dto.security,
  username: dto.username ?? '',
  password: '',
  clearPassword: false,
  from_address: dto.from_address ?? '',
  from_name: dto.from_name ?? '',
  email_defaults: dto.email_defaults,
});

export function EmailSettingsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useEmailSettings(opened);
  const save = useSaveEmailSettings();
  const test = useSendTestEmail();
  const session = useSession();
  const [values, setValues] = useState<Values | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [testTo, setTestTo] = useState('');
  const [testResult, setTestResult] = useState<TestEmailReply | null>(null);

  useEffect(() => {
    if (opened && settings.data) {
      setValues(valuesOf(settings.data));
      setError(null);
      setTestResult(null);
      setTestTo(session.data?.user.email ?? '');
    }
  }, [opened, settings.data === undefined]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => (current ? { ...current, [key]: value } : current));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    setError(null);
    save.mutate(
      {
        host: values.host.trim(),
        port: Number(values.port),
        security: values.security,
        username: values.username.trim() || null,
        ...(values.clearPassword
          ? { password: null }
          : values.password
            ? { password: values.password }
            : {}),
        from_address: values.from_address.trim(),
        from_name: values.from_name.trim(),
        email_defaults: values.email_defaults,
      },
      {
        onSuccess: (result) => {
          notifySuccess(noticeText(result));
          setValues(valuesOf(result));
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  const sendTest = () => {
    setTestResult(null);
    test.mutate(testTo.trim(), {
      onSuccess: (result) => setTestResult(result),
      onError: (failure) => setError(errorText(failure)),
    });
  };

  const dto = settings.data;
  return (
    <Modal opened={opened} onClose={onClose} title={t('email.settings.title')} size="lg" centered>
      {values && dto && (
        <Stack>
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <FormError message={error} />
              <Group grow align="flex-start">
                <TextInput
                  label={t('email.settings.host')}
                  description={t('email.settings.hostHint')}
                  value={values.host}
                  onChange={(e) => set('host', e.currentTarget.value)}
                />
                <NumberInput
                  label={t('email.settings.port')}
                  value={values.port}
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  allowNegative={false}
                  onChange={(value) => set('port', value)}
                  maw={120}
                />
              </Group>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="smtp-security-label">
                  {t('email.settings.security')}
                </Text>
                <SegmentedControl
                  aria-labelledby="smtp-security-label"
                  value={values.security}
                  onChange={(value) => set('security', value as SmtpSecurity)}
                  data={SMTP_SECURITY.map((value) => ({
                    value,
                    label: t(`email.settings.security.${value}`),
                  }))}
                />
              </Stack>
              <TextInput
                label={t('email.settings.username')}
                value={values.username}
                autoComplete="off"
                onChange={(e) => set('username', e.currentTarget.value)}
              />
              <PasswordInput
                label={t('email.settings.password')}
                description={
                  dto.password_unreadable
                    ? t('email.settings.passwordUnreadable')
                    : dto.password_set
                      ? t('email.settings.passwordSet')
                      : t('email.settings.passwordNotSet')
                }
                value={values.password}
                autoComplete="new-password"
                disabled={values.clearPassword}
                onChange={(e) => set('password', e.currentTarget.value)}
              />
              {dto.password_set && (
                <Checkbox
                  label={t('email.settings.clearPassword')}
                  checked={values.clearPassword}
                  onChange={(e) => set('clearPassword', e.currentTarget.checked)}
                />
              )}
              <Group grow align="flex-start">
                <TextInput
                  label={t('email.settings.fromAddress')}
                  type="email"
                  value={values.from_address}
                  onChange={(e) => set('from_address', e.currentTarget.value)}
                />
                <TextInput
                  label={t('email.settings.fromName')}
                  value={values.from_name}
                  onChange={(e) => set('from_name', e.currentTarget.value)}
                />
              </Group>
              <Title order={3} size="h5" mt="xs">
                {t('email.settings.defaults')}
              </Title>
              <Text size="xs" c="dimmed">
                {t('email.settings.defaultsHint')}
              </Text>
              {EMAIL_NOTIFICATION_TYPES.map((type) => (
                <Switch
                  key={type}
                  label={t(`email.type.${type}`)}
                  checked={values.email_defaults[type]}
                  onChange={(e) =>
                    set('email_defaults', {
                      ...values.email_defaults,
                      [type]: e.currentTarget.checked,
                    })
                  }
                />
              ))}
              <FormActions
                onCancel={onClose}
                submitLabel={t('common.save')}
                loading={save.isPending}
              />
            </Stack>
          </form>
          <Divider />
          <Title order={3} size="h5">
            {t('email.settings.testTitle')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('email.settings.testHint')}
          </Text>
          <Group align="flex-end">
            <TextInput
              label={t('email.settings.testTo')}
              type="email"
              value={testTo}
              onChange={(e) => setTestTo(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              variant="light"
              onClick={sendTest}
              loading={test.isPending}
              disabled={!dto.configured}
            >
              {t('email.settings.testSend')}
            </Button>
          </Group>
          {testResult && (
            <Alert color={testResult.ok ? 'success' : 'error'} role="status">
              {t(`error.${testResult.code}`, testResult.params)}
            </Alert>
          )}
        </Stack>
      )}
    </Modal>
  );
}
