// How a calendar date (YYYY-MM-DD, no time, no zone) reads: with its weekday, the Vietnamese way.
import { language } from '#web/i18n/index.ts';
import { dayjs } from '#web/lib/dates.ts';

/** 'T3, 17/02/2026' ('Tue 17 Feb 2026' in English). */
export const formatDay = (date: string) =>
  dayjs(date, 'YYYY-MM-DD').format(language === 'en' ? 'ddd D MMM YYYY' : 'dd, DD/MM/YYYY');

/** '17/02/2026' ('17 Feb 2026' in English). */
export const formatShortDay = (date: string) =>
  dayjs(date, 'YYYY-MM-DD').format(language === 'en' ? 'D MMM YYYY' : 'DD/MM/YYYY');
