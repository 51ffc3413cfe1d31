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

/** A wall time typed in the center's zone ('YYYY-MM-DD HH:mm[:ss]') as an ISO instant. */
export const centerWallTimeToIso = (wallTime: string) =>
  dayjs
    .tz(wallTime.replace('T', ' ').slice(0, 16), 'YYYY-MM-DD HH:mm', centerTimezone())
    .toISOString();

/**
 * What a person may type in a date field: dd/mm/yyyy (how it is shown), or yyyy-mm-dd; with a
 * time, 'dd/mm/yyyy HH:mm' or 'yyyy-mm-ddTHH:mm'. Returns the picker's own value form.
 */
export function parseTypedDate(text: string, withTime: boolean): string | null {
  const formats = withTime
    ? [DATE_TIME_FORMAT, 'YYYY-MM-DDTHH:mm', 'YYYY-MM-DD HH:mm', 'D/M/YYYY H:mm']
    : [DATE_FORMAT, 'YYYY-MM-DD', 'D/M/YYYY'];
  const parsed = dayjs(text.trim(), formats, true);
  if (!parsed.isValid()) return null;
  return parsed.format(withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
}

export { dayjs };
