// A VietQR code to pay by (issue 27, docs/decisions/028, "VietQR"): the image a banking app scans,
// and beside it what a person types when they would rather not scan: the bank, the account
// number, its holder, the amount and the transfer content (the invoice number), each to copy. It
// fits a 390 px phone: the image shrinks to the width, the details wrap under it. Placed on an
// invoice, on a student's account, and in Settings as the sample after saving the account.
import {
  ActionIcon,
  Button,
  Card,
  CopyButton,
  Group,
  Image,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import type { VietQrDto } from '#common/bank-account.ts';
import { t } from '#web/i18n/index.ts';
import { money } from './money-text.ts';

function Copy({ value, what }: { value: string; what: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('vietQr.copied') : t('vietQr.copy', { what })}>
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={copy}
            aria-label={t('vietQr.copy', { what })}
          >
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Detail({
  label,
  value,
  copy,
  strong,
}: {
  label: string;
  value: string;
  copy?: boolean;
  strong?: boolean;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text fw={strong ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {copy && <Copy value={value} what={label.toLowerCase()} />}
      </Group>
    </Stack>
  );
}

export function VietQrCard({
  qr,
  amount = qr.amount,
  content = qr.content,
  title = t('vietQr.title'),
}: {
  qr: VietQrDto;
  /** What the code asks for (the code's own by default). */
  amount?: number;
  content?: string;
  title?: string;
}) {
  const shown = money(amount);
  return (
    <Card withBorder radius="md" padding="md" role="region" aria-label={title} maw={720}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Group align="flex-start" gap="lg">
          <Image
            src={qr.image}
            alt={t('vietQr.imageAlt', {
              amount: shown,
              account: qr.bank.account_number,
              bank: qr.bank.short_name,
            })}
            w={240}
            maw="100%"
            h="auto"
            fit="contain"
            radius="sm"
            style={{ imageRendering: 'pixelated' }}
          />
          <Stack gap="xs" style={{ flex: '1 1 200px', minWidth: 0 }}>
            <Detail label={t('vietQr.bank')} value={qr.bank.short_name} />
            <Detail label={t('vietQr.accountNumber')} value={qr.bank.account_number} copy />
            <Detail label={t('vietQr.accountName')} value={qr.bank.account_name} />
            <Detail label={t('vietQr.amount')} value={shown} strong />
            <Detail label={t('vietQr.content')} value={content} copy strong />
          </Stack>
        </Group>
        <Text size="sm" c="dimmed">
          {t('vietQr.hint')}
        </Text>
        {/* A phone cannot scan its own screen: the image is saved, then opened in the bank's app. */}
        <Group>
          <Button
            component="a"
            href={qr.image}
            download={`vietqr-${content.replace(/[^A-Za-z0-9-]+/g, '-')}.png`}
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            {t('vietQr.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
