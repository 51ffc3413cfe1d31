// The bank account and VietQR texts in English, key for key with bank-account.ts.
import type { bankAccountTexts } from './bank-account.ts';

export const bankAccountTextsEn: Record<keyof typeof bankAccountTexts, string> = {
  'bankAccount.cardTitle': 'Bank account',
  'bankAccount.cardText':
    'The account tuition is paid into: the VietQR code on an invoice transfers the money here.',
  'bankAccount.notSet': 'No bank account yet',
  'bankAccount.dialogTitle': "The center's bank account",
  'bankAccount.intro':
    'Students scan the VietQR code on an invoice with their banking app: the amount and the content (the invoice number) are filled in, and the money goes to this account.',
  'bankAccount.bank': 'Bank',
  'bankAccount.bankHint': "Type a bank's name to find it in the NAPAS list",
  'bankAccount.noBank': 'No bank found',
  'bankAccount.accountNumber': 'Account number',
  'bankAccount.accountNumberHint': '6 to 19 digits',
  'bankAccount.accountName': 'Account name',
  'bankAccount.accountNameHint':
    'In capitals without accents, as the bank prints it, e.g. TRUNG TAM ANH NGU',
  'bankAccount.save': 'Save account',
  'bankAccount.clear': 'Remove account',
  'bankAccount.sample': 'Sample code',
  'bankAccount.sampleHint':
    'Scan it with a banking app to check: if the app shows the right bank, account number and name, it works; no need to send the money.',
  'vietQr.title': 'Pay by VietQR transfer',
  'vietQr.wholeBalance': 'Pay the whole balance by VietQR',
  'vietQr.save': 'Save the QR image',
  'vietQr.hint':
    'Open your banking app and scan the code: the amount and the content are filled in.',
  'vietQr.imageAlt': 'VietQR code paying {amount} into account {account} at {bank}',
  'vietQr.bank': 'Bank',
  'vietQr.accountNumber': 'Account number',
  'vietQr.accountName': 'Account name',
  'vietQr.amount': 'Amount',
  'vietQr.content': 'Transfer content',
  'vietQr.copy': 'Copy {what}',
  'vietQr.copied': 'Copied',
};
