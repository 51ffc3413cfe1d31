// Settings → Tài khoản ngân hàng (issue 27, docs/decisions/028, "VietQR"): the account students'
// VietQR transfers pay into. The card says which account is set; its dialog picks the bank from
// the NAPAS list (type to find it by short or full name, without accents), takes the account
// number and the holder's name (written as banks print it: upper case without accents, done as it
// is typed), and after saving shows a sample code of 10.000 ₫ to scan, so the admin sees it works.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { hasPermission } from '#common/permissions.ts';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { useBankAccount } from './bank-account-api.ts';

// Its dialog loads when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const BankAccountDialog = lazyDialog(
  () => import('./bank-account-dialog.tsx').then((m) => m.BankAccountDialog),
  ({ opened }) => opened,
);

/** The Settings card; only for whoever sets the center's settings (the admin). */
export function BankAccountCard() {
  const session = useSession();
  const mayEdit = hasPermission(session.data!.user.role, 'manage_all');
  const account = useBankAccount(mayEdit);
  const [opened, setOpened] = useState(false);
  if (!mayEdit) return null;
  const title = t('bankAccount.cardTitle');
  return (
    <>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" h="100%">
          <Group gap="sm" wrap="nowrap">
            <IconBuildingBank aria-hidden />
            <Title order={2} size="h4">
              {title}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('bankAccount.cardText')}
          </Text>
          {account.data ? (
            <Stack gap={0} data-testid="bank-account-summary">
              <Text fw={600}>{account.data.bank_short_name}</Text>
              <Text size="sm">{account.data.account_number}</Text>
              <Text size="sm">{account.data.account_name}</Text>
            </Stack>
          ) : (
            account.isSuccess && (
              <Text size="sm" fw={500} data-testid="bank-account-summary">
                {t('bankAccount.notSet')}
              </Text>
            )
          )}
          <Button
            mt="auto"
            variant="light"
            onClick={() => setOpened(true)}
            aria-label={`${t('settings.open')} ${title}`}
          >
            {t('settings.open')}
          </Button>
        </Stack>
      </Card>
      <BankAccountDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
