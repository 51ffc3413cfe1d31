// Calendar days of the Schedules page, as 'YYYY-MM-DD' in the center's zone: weeks run Monday to
// Sunday (as in Vietnam). Day arithmetic is done on the date alone, so the browser's own zone
// never shifts a day.
import { t } from '#web/i18n/index.ts';
import { dayjs, inCenter } from '#web/lib/dates.ts';

const utcDay = (date: string) => dayjs.utc(date, 'YYYY-MM-DD', true);

export const isCalendarDate = (text: string | null): text is string =>
  text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && utcDay(text).isValid();

export const addDays = (date: string, days: number) =>
  utcDay(date).add(days, 'day').format('YYYY-MM-DD');

/** The Monday of a day's week. */
export const mondayOf = (date: string) => addDays(date, -((utcDay(date).day() + 6) % 7));

/** Today in the center's zone. */
export const today = () => inCenter(Date.now()).format('YYYY-MM-DD');

/** The seven days of the week that starts on `monday`. */
export const weekDays = (monday: string) =>
  Array.from({ length: 7 }, (_, index) => addDays(monday, index));

/** The day (in the center's zone) an instant falls on, and its minutes since that midnight. */
export function dayAndMinutes(instant: string) {
  const local = inCenter(instant);
  return { day: local.format('YYYY-MM-DD'), minutes: local.hour() * 60 + local.minute() };
}

/** 'Thứ hai, 11/03' (a day's full name, for its column and for screen readers). */
export const dayName = (date: string) => {
  const name = utcDay(date).format('dddd');
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}, ${utcDay(date).format('DD/MM')}`;
};

/** 'T2' / 'Mon' and '11/03': a column's head where space is short. */
export const dayShort = (date: string) => ({
  weekday: utcDay(date).format('ddd'),
  date: utcDay(date).format('DD/MM'),
});

/** '11/03 – 17/03/2030': the week a Monday starts. */
export const weekLabel = (monday: string) =>
  t('schedules.week.range', {
    from: utcDay(monday).format('DD/MM'),
    to: utcDay(addDays(monday, 6)).format('DD/MM/YYYY'),
  });
