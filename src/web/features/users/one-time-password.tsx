// A password shown once (a new account's, or a newly issued one): the words, the password itself
// large enough to read out, and a copy button.
import { ActionIcon, Alert, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { t } from '#web/i18n/index.ts';

export function OneTimePassword({
  title,
  intro,
  password,
  hint,
}: {
  title: string;
  /** The sentence the password ends (product.md §8's success message, up to the password). */
  intro: string;
  password: string;
  hint: string;
}) {
  return (
    <Alert color="success" title={title} role="status">
      <Group gap="xs" wrap="nowrap" align="center">
        <Text size="sm" style={{ flex: 1 }}>
          {intro}{' '}
          <Code fz="lg" data-testid="generated-password">
            {password}
          </Code>
        </Text>
        <CopyButton value={password}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('common.copiedPassword') : t('common.copy')}>
              <ActionIcon
                variant="light"
                color={copied ? 'success' : 'primary'}
                onClick={copy}
                aria-label={copied ? t('common.copiedPassword') : t('common.copy')}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" mt="xs">
        {hint}
      </Text>
    </Alert>
  );
}
