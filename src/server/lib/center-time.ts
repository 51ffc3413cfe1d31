// The center's calendar: "today", and which local date an instant falls on, in the center's
// time zone (CENTER_TIMEZONE, default Asia/Ho_Chi_Minh). Stored times stay UTC.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at an instant, read by Intl (slow: used once per zone and hour). */
function parts(instant: Date, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const values = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return values as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

function offsetFromFormatter(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const HOUR_MS = 3_600_000;
/** zone → hour since the epoch → minutes ahead of UTC for that whole hour. */
const offsetsByHour = new Map<string, Map<number, number>>();
const MAX_CACHED_HOURS = 10_000;

/**
 * Minutes the zone is ahead of UTC at that instant. Formatting a date costs microseconds on every
 * request; an offset changes at most a few times a year, so it is read once per zone and hour and
 * kept, when it is the same at both ends of the hour (an hour with a change is read every time).
 */
function offsetMinutes(instant: Date, timeZone: string): number {
  let hours = offsetsByHour.get(timeZone);
  if (!hours) {
    hours = new Map();
    offsetsByHour.set(timeZone, hours);
  }
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  const cached = hours.get(hour);
  if (cached !== undefined) return cached;
  const atStart = offsetFromFormatter(new Date(hour * HOUR_MS), timeZone);
  const atEnd = offsetFromFormatter(new Date((hour + 1) * HOUR_MS - 1), timeZone);
  if (atStart !== atEnd) return offsetFromFormatter(instant, timeZone);
  if (hours.size >= MAX_CACHED_HOURS) hours.clear();
  hours.set(hour, atStart);
  return atStart;
}

/** Minutes the zone is ahead of UTC at that instant (420 for Asia/Ho_Chi_Minh). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return offsetMinutes(instant, timeZone);
}

/** The zone's wall clock at an instant, as the UTC fields of a shifted date. */
function wallClock(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).toISOString().slice(0, 10);
}

/** 'HH:mm dd/MM/yyyy' in the center's zone: how messages name a time for Vietnamese readers. */
export function localDateTimeText(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())} ${pad(w.getUTCDate())}/${pad(w.getUTCMonth() + 1)}/${w.getUTCFullYear()}`;
}

/** The instant a local date starts (local midnight), correct across DST changes. */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  let instant = new Date(guess - offsetMinutes(new Date(guess), timeZone) * 60_000);
  // Once more with the offset at the found instant, for zones whose offset changed overnight.
  instant = new Date(guess - offsetMinutes(instant, timeZone) * 60_000);
  return instant;
}

/** The instant a local wall time (date YYYY-MM-DD, time HH:mm) happens in the zone. */
export function instantOfLocalTime(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hours, minutes);
  let instant = new Date(guess - offsetMinutes(new Date(guess), timeZone) * 60_000);
  instant = new Date(guess - offsetMinutes(instant, timeZone) * 60_000);
  return instant;
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export interface DayRange {
  date: string;
  start: Date;
  end: Date;
}

/** The last day asked for, per zone: every request of a day asks for the same one. */
const lastDay = new Map<string, DayRange>();

/** [start of today, start of tomorrow) in the center's zone, as UTC instants. */
export function todayRange(now: Date, timeZone: string): DayRange {
  const known = lastDay.get(timeZone);
  const at = now.getTime();
  if (known && known.start.getTime() <= at && at < known.end.getTime()) return known;
  const today = localDate(now, timeZone);
  const range = Object.freeze({
    date: today,
    start: startOfLocalDate(today, timeZone),
    end: startOfLocalDate(addDays(today, 1), timeZone),
  });
  lastDay.set(timeZone, range);
  return range;
}
