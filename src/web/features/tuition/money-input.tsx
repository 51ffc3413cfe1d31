// An amount of đồng typed the reader's way: grouped with '.' in Vietnamese and ',' in English,
// whole numbers only (no decimals, no minus), so what is sent is what common/money.ts accepts.
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { MAX_AMOUNT } from '#common/money.ts';
import { language } from '#web/i18n/index.ts';

export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      thousandSeparator={language === 'en' ? ',' : '.'}
      decimalSeparator={language === 'en' ? '.' : ','}
      allowDecimal={false}
      allowNegative={false}
      min={1}
      max={MAX_AMOUNT}
      hideControls
      inputMode="numeric"
      {...props}
    />
  );
}

/** A money field's value as the request wants it: a number, or NaN while it is empty. */
export const amountOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));
