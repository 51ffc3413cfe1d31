// The center's calendar: "today", and which local date an instant falls on, in the center's
// time zone (CENTER_TIMEZONE, default Asia/Ho_Chi_Minh). Stored times stay UTC.

const formatters = new Map<string, Intl.DateTimeFormat>();

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

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'HH:mm dd/MM/yyyy' in the center's zone: how messages name a time for Vietnamese readers. */
export function localDateTimeText(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.hour}:${p.minute} ${p.day}/${p.month}/${p.year}`;
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
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

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** [start of today, start of tomorrow) in the center's zone, as UTC instants. */
export function todayRange(now: Date, timeZone: string) {
  const today = localDate(now, timeZone);
  return {
    date: today,
    start: startOfLocalDate(today, timeZone),
    end: startOfLocalDate(addDays(today, 1), timeZone),
  };
}
