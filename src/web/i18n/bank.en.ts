// The bank transfers' texts in English, key for key with bank.ts.
import type { bankTexts } from './bank.ts';

export const bankTextsEn: Record<keyof typeof bankTexts, string> = {
  'bank.title': 'Bank reconciliation',
  'bank.subtitle':
    'Upload a bank statement to record tuition transfers by the invoice number in their description',
  'bank.statement': 'Bank statement',
  'bank.statementHint':
    "A CSV or Excel (.xlsx) file from the bank's site: date, amount (or credit) and description columns.",
  'bank.chooseFile': 'Choose a statement file',
  'bank.reading': 'Reading the statement…',
  'bank.previewSummary':
    '{count, plural, one {# incoming transfer} other {# incoming transfers}}; left aside: {debits} outgoing, {skipped, plural, one {# other row} other {# other rows}}.',
  'bank.col.date': 'Date',
  'bank.col.amount': 'Amount',
  'bank.col.content': 'Description',
  'bank.col.invoice': 'Invoice',
  'bank.col.student': 'Student',
  'bank.col.status': 'Result',
  'bank.col.actions': 'Actions',
  'bank.col.source': 'Source',
  'bank.outstanding': 'Owes {amount}',
  'bank.kind.exact': 'Exact',
  'bank.kind.partial': 'Part payment',
  'bank.kind.over': 'Overpaid',
  'bank.kind.unknown': 'Unknown',
  'bank.kind.already': 'Imported before',
  'bank.overHint': "The excess becomes the student's credit.",
  'bank.confirm': '{count, plural, one {Record # payment} other {Record # payments}}',
  'bank.confirmHint':
    'Unknown transfers are kept in the list to match below; transfers already recorded are not recorded again.',
  'bank.cancel': 'Cancel',
  'bank.nothingToRecord': 'No transfer matches an invoice to record.',
  'bank.unmatched': 'Transfers to match',
  'bank.unmatchedHint':
    'Incoming transfers that matched no invoice: give one to a student to record their payment, or ignore it.',
  'bank.noUnmatched': 'No transfers are waiting to be matched.',
  'bank.source.statement': 'Statement',
  'bank.source.webhook': 'Webhook',
  'bank.assign': 'Give to a student',
  'bank.assignTitle': 'Transfer of {amount} on {date}',
  'bank.invoiceOptional': 'Invoice (optional)',
  'bank.invoiceOptionalHint':
    'Left empty: the oldest invoices are paid first, any excess becomes credit',
  'bank.ignore': 'Ignore',
  'bank.ignoreTitle': 'Ignore the transfer of {amount}',
  'bank.ignoreReason': 'Reason (optional)',
  'bank.save': 'Save',
  'bank.webhook.title': 'Bank webhook',
  'bank.webhook.text':
    'Automatic transfer notifications (SePay, Casso): a transfer matching an invoice is recorded at once.',
  'bank.webhook.url': 'Webhook URL',
  'bank.webhook.copy': 'Copy',
  'bank.webhook.copied': 'Copied',
  'bank.webhook.none': 'No API key: the webhook is off.',
  'bank.webhook.active': 'API key {hint}, made {at}',
  'bank.webhook.generate': 'Make an API key',
  'bank.webhook.regenerate': 'Make a new key',
  'bank.webhook.revoke': 'Revoke the key',
  'bank.webhook.newKey': 'New API key',
  'bank.webhook.showOnce':
    "Copy this key into the service's webhook settings (API Key authentication). It is shown only once.",
};
