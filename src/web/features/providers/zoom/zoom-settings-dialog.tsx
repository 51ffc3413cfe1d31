// The video provider's connection dialog (zoom-settings-card.tsx): the account's credentials, what
// each saved one holds, and the connection check. Loaded when first opened.
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Fieldset,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  type ConnectionCheckDto,
  ZOOM_CREDENTIAL_FIELDS,
  ZOOM_CREDENTIAL_VARIABLES,
  ZOOM_IDENTIFIER_FIELDS,
  type ZoomCredentialField,
  type ZoomSettingsDto,
  type ZoomSettingsInput,
  zoomSettingsInput,
} from '#common/providers/zoom/contracts.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useSaveZoomSettings } from './api.ts';
import { ConnectionCheckSteps } from './connection-check-dialog.tsx';

const GROUPS = [
  { key: 'oauth', fields: ['account_id', 'client_id', 'client_secret'] },
  { key: 'sdk', fields: ['sdk_key', 'sdk_secret'] },
  { key: 'webhook', fields: ['webhook_secret_token'] },
] as const satisfies readonly { key: string; fields: readonly ZoomCredentialField[] }[];

type Values = Record<ZoomCredentialField, string>;
const EMPTY = Object.fromEntries(ZOOM_CREDENTIAL_FIELDS.map((f) => [f, ''])) as Values;

function savedState(
  field: ZoomSettingsDto['fields'][number] | undefined,
  clearing: boolean,
): string {
  if (!field) return '';
  if (field.source === 'environment')
    return t('providerSetup.fromEnvironment', { variable: ZOOM_CREDENTIAL_VARIABLES[field.field] });
  if (clearing) return t('providerSetup.willClear');
  if (field.unreadable) return t('providerSetup.unreadable');
  if (field.source === 'app')
    return field.masked
      ? t('providerSetup.storedMasked', { masked: field.masked })
      : t('providerSetup.stored');
  return t('providerSetup.notSet');
}

export function ZoomSettingsDialog({
  opened,
  settings,
  onClose,
}: {
  opened: boolean;
  settings: ZoomSettingsDto | undefined;
  onClose: () => void;
}) {
  const save = useSaveZoomSettings();
  const [clearing, setClearing] = useState<Set<ZoomCredentialField>>(new Set());
  const [verdict, setVerdict] = useState<ConnectionCheckDto | null>(null);
  const { form, formError, validInput, showError, reset } = useAppForm<Values, ZoomSettingsInput>({
    initialValues: EMPTY,
    schema: zoomSettingsInput,
    // An empty box keeps the saved value; a field marked to clear is sent as null.
    toInput: (values) => {
      const input: ZoomSettingsInput = {};
      for (const field of ZOOM_CREDENTIAL_FIELDS) {
        if (clearing.has(field)) input[field] = null;
        else if (values[field].trim()) input[field] = values[field];
      }
      return input;
    },
  });

  useEffect(() => {
    if (!opened) return;
    reset(EMPTY);
    setClearing(new Set());
    setVerdict(null);
  }, [opened]);

  const fields = Object.fromEntries((settings?.fields ?? []).map((f) => [f.field, f]));

  const toggleClear = (field: ZoomCredentialField) =>
    setClearing((current) => {
      const next = new Set(current);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    try {
      const saved = await save.mutateAsync(input);
      notifySuccess(noticeText(saved));
      setVerdict(saved.check);
      reset(EMPTY);
      setClearing(new Set());
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('providerSetup.dialogTitle')} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('providerSetup.intro')}</Text>
          {GROUPS.map((group) => (
            <Fieldset key={group.key} legend={t(`providerSetup.group.${group.key}`)}>
              <Stack gap="md">
                {group.fields.map((field) => {
                  const state = fields[field];
                  const fromEnvironment = state?.source === 'environment';
                  const Input = ZOOM_IDENTIFIER_FIELDS.includes(field) ? TextInput : PasswordInput;
                  return (
                    <Stack key={field} gap={4}>
                      <Input
                        label={t(`providerSetup.field.${field}`)}
                        description={t(`providerSetup.guide.${field}`)}
                        placeholder={
                          state?.source === 'app' ? t('providerSetup.keepPlaceholder') : undefined
                        }
                        autoComplete="off"
                        spellCheck={false}
                        disabled={fromEnvironment || clearing.has(field)}
                        {...form.getInputProps(field)}
                      />
                      <Group gap="xs" justify="space-between" wrap="nowrap">
                        <Text
                          size="xs"
                          c={state?.unreadable ? 'error' : 'dimmed'}
                          data-testid={`saved-${field}`}
                        >
                          {savedState(state, clearing.has(field))}
                        </Text>
                        {(state?.source === 'app' || state?.unreadable) && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color={clearing.has(field) ? 'gray' : 'error'}
                            onClick={() => toggleClear(field)}
                            aria-label={
                              clearing.has(field)
                                ? t('providerSetup.keep')
                                : t('providerSetup.clear', {
                                    field: t(`providerSetup.field.${field}`),
                                  })
                            }
                          >
                            {clearing.has(field)
                              ? t('providerSetup.keep')
                              : t('providerSetup.clearShort')}
                          </Button>
                        )}
                      </Group>
                    </Stack>
                  );
                })}
                {group.key === 'webhook' && settings && (
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {t('providerSetup.webhookUrl')}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      <Text
                        size="sm"
                        ff="monospace"
                        style={{ overflowWrap: 'anywhere' }}
                        data-testid="webhook-url"
                      >
                        {settings.webhook_url}
                      </Text>
                      <CopyButton value={settings.webhook_url}>
                        {({ copied, copy }) => (
                          <Tooltip
                            label={copied ? t('providerSetup.copied') : t('providerSetup.copy')}
                          >
                            <ActionIcon
                              variant="subtle"
                              onClick={copy}
                              aria-label={t('providerSetup.copy')}
                            >
                              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </CopyButton>
                    </Group>
                  </Stack>
                )}
              </Stack>
            </Fieldset>
          ))}
          <FormError message={formError} />
          {verdict && (
            <Stack gap="xs" aria-label={t('providerSetup.verdict')} role="region">
              <Title order={3} size="h5">
                {t('providerSetup.verdict')}
              </Title>
              <ConnectionCheckSteps result={verdict} />
            </Stack>
          )}
          {!verdict && settings?.connected === false && (
            <Alert color="warning" role="status">
              {t('providerSetup.notConnected')}
            </Alert>
          )}
          <FormActions
            onCancel={onClose}
            cancelLabel={t('common.close')}
            submitLabel={t('providerSetup.save')}
            loading={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
