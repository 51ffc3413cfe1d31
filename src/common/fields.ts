// Field rules several features' inputs share: emails, names, calendar dates.

/** product.md §5: non-space text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
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
