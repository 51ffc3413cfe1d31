// import.ts in English, key for key (the type requires every key; a test checks the placeholders).
// Loaded only for users who chose English.
import type { importTexts } from './import.ts';

export const importTextsEn: Record<keyof typeof importTexts, string> = {
  // Bulk import and export
  'import.open': 'Import from file',
  'import.title': 'Import accounts from a file',
  'import.file': 'CSV or Excel file (.xlsx)',
  'import.fileHint': 'The first row holds the column names. At most 10000 rows.',
  'import.stage.reading': 'Reading the file…',
  'import.stage.checking': 'Checking {count, plural, one {# row} other {# rows}}…',
  'import.stage.importing': 'Importing {count, plural, one {# account} other {# accounts}}…',
  'import.nameColumn': 'Full name column',
  'import.emailColumn': 'Email column',
  'import.class': 'Put in a class (optional)',
  'import.rowsRead': '{count, plural, one {# row} other {# rows}} read from the file.',
  'import.preview': 'Preview',
  'import.back': 'Back',
  'import.submit': 'Import {count, plural, one {# account} other {# accounts}}',
  'import.submitEnrolOnly': 'Put {count, plural, one {# student} other {# students}} in the class',
  'import.line': 'Row',
  'import.verdict': 'Check result',
  'import.verdict.new': 'New',
  'import.verdict.reactivated': 'Reactivated',
  'import.verdict.already_active': 'Already exists',
  'import.verdict.invalid_email':
    'Invalid email (plain Latin letters, digits and symbols only; no hidden characters)',
  'import.verdict.missing_name': 'Missing name',
  'import.verdict.duplicate_in_file': 'Duplicate in file',
  'import.shownRows':
    'Showing {shown} / {total, plural, one {# row} other {# rows}} (rows with problems are always shown).',
  'import.passwordsOnce':
    "The accounts' first passwords are shown only this once. Download the password file and send each person theirs.",
  'import.downloadPasswords': 'Download password file (CSV)',
  'import.passwordsFile': 'first-passwords.csv',
  'import.firstPassword': 'First password',
};
