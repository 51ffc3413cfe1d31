// Field rules several features' inputs share: emails, names, calendar dates.

/**
 * product.md §5: text, @, text, dot, text, all of it printable ASCII (issue 30 point 8): no
 * letter from another alphabet that looks Latin (Cyrillic 'а'), no accented letter, no space and
 * no invisible character (zero-width, bidi marks, soft hyphen). Internationalised addresses are
 * not taken (docs/decisions/045-origin-emails-events.md).
 */
export const EMAIL_PATTERN = /^[\x21-\x3f\x41-\x7e]+@[\x21-\x3f\x41-\x7e]+\.[\x21-\x3f\x41-\x7e]+$/;
/** Anything but printable ASCII: what makes an e-mail a look-alike of another. */
const NOT_PLAIN_ASCII = /[^\x20-\x7e]/;
/** An e-mail carrying a character outside printable ASCII (another alphabet, an invisible one). */
export const hasLookAlikeCharacters = (email: string) => NOT_PLAIN_ASCII.test(email);
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 120;
export const MAX_PASSWORD_LENGTH = 256;

/**
 * Control characters no text of the product means (a bell, an escape, a vertical tab, DEL): every
 * C0 character but tab, line feed and carriage return, and DEL. RFC 5545 forbids them in a
 * calendar's text (issue 30 finding 5); a terminal or a spreadsheet may act on them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters removed
const CONTROL_CHARACTERS_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The text without those characters (text written before they were refused). */
export const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS_ALL, '');

/** Emails are compared trimmed and lower-cased everywhere. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date that exists (no 30 February), YYYY-MM-DD, in a sane range. */
export const isRealDate = (value: string) => {
  if (!DATE_ONLY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    value >= '2000-01-01' &&
    value <= '2199-12-31'
  );
};
