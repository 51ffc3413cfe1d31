// settings-cards.ts in English, key for key (the type requires every key; a test checks the
// placeholders). Loaded only for users who chose English.
import type { settingsCardTexts } from './settings-cards.ts';

export const settingsCardTextsEn: Record<keyof typeof settingsCardTexts, string> = {
  'settingsCards.users.text':
    "New accounts' language, how long a first password is valid, whether staff may export lists",
  'settingsCards.security.text': 'Active sessions and the sign-in limits in force',
  'settingsCards.system.text':
    'Backups of the database and the uploaded files, each checked, downloaded and restored.',
  'settingsCards.users.dialogTitle': 'Users',
  'settingsCards.users.language': 'Language of new accounts',
  'settingsCards.users.languageBrowser': "Their browser's",
  'settingsCards.users.languageHint': 'People can still change their language in their profile.',
  'settingsCards.users.hours': 'First password valid for (hours)',
  'settingsCards.users.hoursHint':
    'A password issued by an admin or staff expires if it is not changed within this many hours (1–720).',
  'settingsCards.users.staffExport': 'Staff may export lists (CSV, Excel)',
  'settingsCards.users.staffExportHint':
    'When off, staff see no export buttons and the server refuses every export by staff.',
  'settingsCards.chat.label': 'Show the CHAT BOT AI panel',
  'settingsCards.chat.hint': "When off, the chat panel is gone from everyone's sidebar.",
  'settingsCards.security.dialogTitle': 'Security',
  'settingsCards.security.limitsTitle': 'Sign-in limits in force',
  'settingsCards.security.limitPair':
    'After {count, plural, one {# wrong password} other {# wrong passwords}} for one e-mail from one address within {minutes, plural, one {# minute} other {# minutes}}, that address is blocked for that e-mail until the period ends.',
  'settingsCards.security.limitDelay':
    'After {free, plural, one {# wrong password} other {# wrong passwords}} from an unknown address, each further attempt is answered more slowly (at most {seconds, plural, one {# second} other {# seconds}}).',
  'settingsCards.security.limitDay':
    'An e-mail takes at most {count, plural, one {# wrong password} other {# wrong passwords}} a day from addresses it has never signed in from.',
  'settingsCards.security.limitIp':
    'An address may try at most {count, plural, one {# wrong password} other {# wrong passwords}} within {minutes, plural, one {# minute} other {# minutes}} across all e-mails.',
  'settingsCards.security.limitSession':
    'A session ends after {idle, plural, one {# hour} other {# hours}} unused, and after {days, plural, one {# day} other {# days}} at most.',
  'settingsCards.security.limitPassword':
    'Changing a password needs the current one; a wrong one counts as a wrong sign-in.',
  'settingsCards.security.sessionsTitle': 'Active sessions',
  'sessions.title': 'Your sessions',
  'sessions.unknownDevice': 'Unknown device',
  'sessions.unknownAddress': 'unknown',
  'sessions.address': 'IP address: {ip}',
  'sessions.signedIn': 'Signed in: {time}',
  'sessions.lastSeen': 'Last seen: {time}',
  'sessions.current': 'This session',
  'sessions.end': 'End session',
  'sessions.endOf': "End {name}'s session ({device})",
  'sessions.endOthers': 'Sign out of other devices',
  'sessions.none': 'No other sessions.',
  'sessions.loadFailed': 'Could not load the sessions',
  'password.current': 'Current password',
};
