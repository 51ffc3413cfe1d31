// The center's bank account dialog (bank-account-card.tsx): the bank from the NAPAS list, the account
// number and holder's name, and a sample code after saving. Loaded when first opened.
import {
  Button,
  type ComboboxParsedItem,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import {
  type BankAccountRequest,
  bankAccountInput,
  bankAccountName,
  NAPAS_BANKS,
  SAMPLE_QR,
} from '#common/bank-account.ts';
import { matchesSearch } from '#common/search-fold.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useBankAccount, useQrPreview, useSaveBankAccount } from './bank-account-api.ts';
import { VietQrCard } from './vietqr-card.tsx';

const BANK_OPTIONS = NAPAS_BANKS.map((bank) => ({ value: bank.bin, label: bank.short_name }));
const SEARCHED_TEXT = new Map(
  NAPAS_BANKS.map((bank) => [bank.bin, `${bank.short_name} ${bank.name} ${bank.bin}`]),
);
const FULL_NAME = new Map(NAPAS_BANKS.map((bank) => [bank.bin, bank.name]));

/** A bank is found by its short name, its full name or its BIN, without accents. */
const bankFilter = ({ options, search }: { options: ComboboxParsedItem[]; search: string }) =>
  options.filter(
    (option) =>
      !('group' in option) && matchesSearch(SEARCHED_TEXT.get(option.value) ?? '', search),
  );

type Values = { bank_bin: string | null; account_number: string; account_name: string };
const EMPTY: Values = { bank_bin: null, account_number: '', account_name: '' };

export function BankAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const account = useBankAccount();
  const save = useSaveBankAccount();
  /** Set once the account is saved in this dialog: the sample code is shown then. */
  const [saved, setSaved] = useState(false);
  const sample = useQrPreview(SAMPLE_QR, opened && saved && Boolean(account.data));
  const { form, formError, validInput, showError, reset } = useAppForm<Values, BankAccountRequest>({
    initialValues: EMPTY,
    schema: bankAccountInput,
    // An unpicked bank is '' (refused as 'choose a bank'): clearing is its own button.
    toInput: (values) => ({ ...values, bank_bin: values.bank_bin ?? '' }),
  });

  useEffect(() => {
    if (!opened) return;
    setSaved(false);
    const current = account.data;
    reset(
      current
        ? {
            bank_bin: current.bank_bin,
            account_number: current.account_number,
            account_name: current.account_name,
          }
        : EMPTY,
    );
  }, [opened]);

  const guard = useGuardedClose({ opened, dirty: form.isDirty(), onClose });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    save.mutate(input, {
      onSuccess: (result) => {
        notifySuccess(noticeText(result));
        if (result.account) {
          reset({
            bank_bin: result.account.bank_bin,
            account_number: result.account.account_number,
            account_name: result.account.account_name,
          });
        }
        setSaved(true);
      },
      onError: (error) => showError(error),
    });
  };

  const clear = () =>
    save.mutate(
      { bank_bin: null, account_number: null, account_name: null },
      {
        onSuccess: (result) => {
          notifySuccess(noticeText(result));
          reset(EMPTY);
          setSaved(false);
        },
        onError: (error) => notifyError(errorText(error)),
      },
    );

  const nameProps = form.getInputProps('account_name');
  const bin = form.getValues().bank_bin;

  return (
    <Modal opened={opened} {...guard.modalProps} title={t('bankAccount.dialogTitle')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('bankAccount.intro')}</Text>
          <Select
            label={t('bankAccount.bank')}
            description={bin ? FULL_NAME.get(bin) : t('bankAccount.bankHint')}
            placeholder={t('bankAccount.bankHint')}
            data={BANK_OPTIONS}
            searchable
            filter={bankFilter}
            nothingFoundMessage={t('bankAccount.noBank')}
            maxDropdownHeight={280}
            comboboxProps={{ withinPortal: true }}
            renderOption={({ option }) => (
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                <Text size="xs" c="dimmed">
                  {FULL_NAME.get(option.value)}
                </Text>
              </Stack>
            )}
            withAsterisk
            {...form.getInputProps('bank_bin')}
          />
          <TextInput
            label={t('bankAccount.accountNumber')}
            description={t('bankAccount.accountNumberHint')}
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('account_number')}
          />
          <TextInput
            label={t('bankAccount.accountName')}
            description={t('bankAccount.accountNameHint')}
            autoComplete="off"
            spellCheck={false}
            withAsterisk
            {...nameProps}
            // Written as banks print it while it is typed (but not in the middle of composing a
            // letter with an input method), and tidied when the field is left.
            onChange={(event) => {
              const typed = event.currentTarget.value;
              const composing = (event.nativeEvent as InputEvent).isComposing;
              form.setFieldValue('account_name', composing ? typed : bankAccountName(typed));
            }}
            onBlur={(event) => {
              form.setFieldValue(
                'account_name',
                bankAccountName(form.getValues().account_name).replace(/\s+/g, ' ').trim(),
              );
              nameProps.onBlur?.(event);
            }}
          />
          <FormError message={formError} />
          {saved && sample.data && (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('bankAccount.sampleHint')}
              </Text>
              <VietQrCard qr={sample.data} title={t('bankAccount.sample')} />
            </Stack>
          )}
          {saved && sample.isError && <FormError message={errorText(sample.error)} />}
          <Group justify="space-between" wrap="wrap">
            {account.data ? (
              <Button variant="subtle" color="error" onClick={clear} disabled={save.isPending}>
                {t('bankAccount.clear')}
              </Button>
            ) : (
              <span />
            )}
            <FormActions
              onCancel={guard.close}
              cancelLabel={t('common.close')}
              submitLabel={t('bankAccount.save')}
              loading={save.isPending}
            />
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
