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
