// forms.ts in English, key for key (the type requires every key; a test checks the placeholders).
// Loaded only for users who chose English.
import type { formTexts } from './forms.ts';

export const formTextsEn: Record<keyof typeof formTexts, string> = {
  'dates.invalidDate': 'Not a date: type it as dd/mm/yyyy',
  'dates.invalidDateTime': 'Not a date and time: type it as dd/mm/yyyy HH:mm',
  'dates.invalidTime': 'Not a time: type it as HH:mm',
  'dates.hours': 'Hours',
  'dates.minutes': 'Minutes',
  'dates.confirmTime': 'Done',
  'dates.clear': 'Clear date',
  'dates.previousMonth': 'Previous month',
  'dates.nextMonth': 'Next month',
  'discard.title': 'Discard changes?',
  'discard.message': 'What you typed in this dialog will be lost.',
  'discard.confirm': 'Discard',
  'discard.keepEditing': 'Keep editing',
};
