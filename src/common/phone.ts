// Vietnamese phone numbers, one stored form for many written ones (docs/decisions/026): what people
// type ('0912 345 678', '0912.345.678', '+84 912 345 678', '84912345678') is stored as E.164
// ('+84912345678') so the same number is found and compared as one, and shown in the national
// form people read ('0912 345 678'). The server normalises what it stores; the web app checks and
// shows with the same functions.

/**
 * The national number after the leading 0: a mobile (3, 5, 7, 8 or 9 and eight digits) or a
 * landline (2, a two- or three-digit area code, ten digits in all since 2017).
 */
const NATIONAL_NUMBER = /^(?:[35789]\d{8}|2\d{9})$/;
/** What may separate the digits as people write them. */
const SEPARATORS = /[\s.\-()]/g;

/**
 * The E.164 form of a Vietnamese number ('+84912345678'), or null when the text is not one.
 * Accepts the national form (0…), the international one with or without '+' (84…), 00 84…, and
 * the national form without its 0 (a spreadsheet cell read as a number).
 */
export function normalizePhone(text: string): string | null {
  const compact = text.trim().replace(SEPARATORS, '');
  let national: string | null = null;
  if (/^\+84\d+$/.test(compact)) national = compact.slice(3);
  else if (/^0084\d+$/.test(compact)) national = compact.slice(4);
  else if (/^84\d{9,10}$/.test(compact)) national = compact.slice(2);
  else if (/^0\d+$/.test(compact)) national = compact.slice(1);
  // A spreadsheet that read the cell as a number dropped the leading 0 ('912345678').
  else if (NATIONAL_NUMBER.test(compact)) national = compact;
  // '+84 0912…' happens: the trunk 0 written after the country code.
  if (national?.startsWith('0')) national = national.slice(1);
  return national && NATIONAL_NUMBER.test(national) ? `+84${national}` : null;
}

/**
 * A stored number as people read it: '0912 345 678' (mobile), '024 3826 1234' (landline). A
 * value that is not a Vietnamese E.164 number (one kept as it was typed before numbers were
 * normalised) is shown as it is.
 */
export function formatPhone(stored: string): string {
  const national = stored.startsWith('+84') ? stored.slice(3) : null;
  if (!national || !NATIONAL_NUMBER.test(national)) return stored;
  const digits = `0${national}`;
  return digits.length === 10
    ? `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`
    : `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
}
