// E-mail and password reset messages in English, by the same codes as email-messages.ts.
import type { emailMessages } from './email-messages.ts';

export const emailMessagesEn: Record<keyof typeof emailMessages, string> = {
  EMAIL_ADDRESS_INVALID: 'Please enter a valid e-mail address.',
  EMAIL_LOOK_ALIKE_CHARACTERS:
    'An email may only hold plain Latin letters, digits and symbols: no accented or Cyrillic letters and no hidden characters (spaces, zero-width characters).',
  SMTP_HOST_INVALID: 'The SMTP server is not valid (for example smtp.gmail.com).',
  SMTP_PORT_INVALID: 'The SMTP port is from 1 to 65535.',
  SMTP_SECURITY_INVALID: 'Please choose the security: none, STARTTLS or TLS.',
  EMAIL_SETTINGS_SAVED: 'The e-mail settings were saved.',
  EMAIL_PREFERENCES_SAVED: 'Your e-mail choices were saved.',
  EMAIL_NOT_CONFIGURED: 'No e-mail (SMTP) server is set up.',
  EMAIL_TEST_SENT: 'A test message was sent to {to}.',
  SMTP_CONNECTION_FAILED: 'Could not connect to the SMTP server {host}:{port}: {detail}',
  SMTP_AUTH_FAILED: 'The SMTP server refused the user name or password: {detail}',
  SMTP_TIMEOUT: 'The SMTP server {host}:{port} did not answer in time.',
  SMTP_TLS_FAILED: 'Could not set up a secure (TLS) connection with the SMTP server: {detail}',
  SMTP_REFUSED: 'The SMTP server refused the message: {detail}',
  PASSWORD_RESET_SENT: 'If this address has an account, we have sent a link to reset the password.',
  PASSWORD_RESET_ASK_STAFF:
    "The center does not send e-mail. Please ask the center's staff for a new password.",
  PASSWORD_RESET_INVALID: 'This reset link is not valid, has expired or was already used.',
  PASSWORD_RESET_DONE: 'Your new password is set. Please sign in.',
} as const;
