// Dates the Vietnamese way (product.md §2): dd/mm/yyyy, 24-hour times, in the center's time zone
// (the server says which, with the session), whatever the browser's locale and zone.
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { language } from '#web/i18n/index.ts';
import { centerTimezone } from './center-zone.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);
// Month and weekday names, and how dates read, follow the interface language.
dayjs.locale(language);

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** An instant in the center's zone (set from the session reply, center-zone.ts). */
export const inCenter = (instant: string | number | Date) => dayjs(instant).tz(centerTimezone());

/** How a date is shown: 24/11/2026 in Vietnamese, 24 Nov 2026 in English (typing takes both). */
const SHOWN_DATE = language === 'en' ? 'D MMM YYYY' : DATE_FORMAT;
export const formatDate = (iso: string) => inCenter(iso).format(SHOWN_DATE);
export const formatDateTime = (iso: string) => inCenter(iso).format(`HH:mm ${SHOWN_DATE}`);
export const formatTime = (iso: string | number) => inCenter(iso).format('HH:mm');
/** A calendar date ('YYYY-MM-DD', no instant: no zone to convert) as dates are shown. */
export const formatCalendarDate = (date: string) => dayjs(date, 'YYYY-MM-DD').format(SHOWN_DATE);
/** Today in the center's zone, 'YYYY-MM-DD'. */
export const todayInCenter = (now: number = Date.now()) => inCenter(now).format('YYYY-MM-DD');

/** A wall time typed in the center's zone ('YYYY-MM-DD HH:mm[:ss]') as an ISO instant. */
export const centerWallTimeToIso = (wallTime: string) =>
  dayjs
    .tz(wallTime.replace('T', ' ').slice(0, 16), 'YYYY-MM-DD HH:mm', centerTimezone())
    .toISOString();

/** The next full hour in the center's zone ('HH:00'): a picked day's time before one is chosen. */
export const nextFullHour = (now: number = Date.now()) =>
  inCenter(now).add(1, 'hour').format('HH:00');

// What a person may type (parseTyped*): a date as dd/mm/yyyy (how it is shown; d/m, '.' or '-'
// between the parts too) or yyyy-mm-dd; a time of day as HH:mm, H:mm, 18h30, 18h, 18.30 or 1830;
// a date and time as the two, a space (or 'T') between. Each returns the value the fields hold
// ('YYYY-MM-DD', 'HH:mm', 'YYYY-MM-DD HH:mm': wall times, in the center's zone once sent) or null
// for text that is no such date or time (31/02/2026, 24:00, 9/30).
const SHOWN_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TIME_OF_DAY = /^(\d{1,2})\s*(?:[:.]\s*(\d{2})|[hHgG]\s*(\d{2})?)$|^(\d{2})(\d{2})$/;
const pad = (part: string) => part.padStart(2, '0');

export function parseTypedDate(text: string): string | null {
  const typed = text.trim();
  const shown = SHOWN_DAY.exec(typed);
  const iso = shown ? null : ISO_DAY.exec(typed);
  if (!shown && !iso) return null;
  const [day, month, year] = shown
    ? [shown[1]!, shown[2]!, shown[3]!]
    : [iso![3]!, iso![2]!, iso![1]!];
  const value = `${year}-${pad(month)}-${pad(day)}`;
  // Strict: 31/02 is no date (a lenient parse would roll it over to March).
  return dayjs(value, 'YYYY-MM-DD', true).isValid() ? value : null;
}

export function parseTypedTime(text: string): string | null {
  const match = TIME_OF_DAY.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1] ?? match[4]);
  const minutes = Number(match[2] ?? match[3] ?? match[5] ?? 0);
  if (hours > 23 || minutes > 59) return null;
  return `${pad(String(hours))}:${pad(String(minutes))}`;
}

export function parseTypedDateTime(text: string): string | null {
  const match = /^([^\s,T]+)(?:\s*,\s*|\s+|T)(.+)$/.exec(text.trim());
  if (!match) return null;
  const day = parseTypedDate(match[1]!);
  const time = parseTypedTime(match[2]!);
  return day && time ? `${day} ${time}` : null;
}

export { dayjs };
