// iCalendar (RFC 5545) for the lesson feeds: one VEVENT per lesson with a stable UID and a
// SEQUENCE that grows when the lesson changes, times in the center's zone. Written by hand because
// it is a few properties; checked in the tests with a real parser (ical.js).
import { withoutControlCharacters } from '#common/fields.ts';
import { zoneOffsetMinutes } from '#server/lib/center-time.ts';

export interface CalendarEvent {
  uid: string;
  /** Grows each time the event changes (calendar apps replace an event with a higher one). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url: string;
  lastModified: Date;
  /** Called off: still in the feed, as STATUS:CANCELLED, so calendar apps take it out. */
  cancelled?: boolean;
}

/**
 * TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11), and the
 * control characters the RFC forbids in text (all but tab) left out, so a topic or a name written
 * with one before they were refused still makes a valid feed (issue 30 finding 5).
 */
export function escapeText(value: string): string {
  return withoutControlCharacters(value)
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Lines longer than 75 octets folded (§3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; the others 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 20300310T020000Z */
export function utcStamp(instant: Date): string {
  return `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`;
}

/** The zone's offset when it is the same all year round (this year and next), else null. */
function fixedOffset(timeZone: string, now: Date): number | null {
  const year = now.getUTCFullYear();
  const offsets = new Set<number>();
  for (const y of [year, year + 1]) {
    for (const month of [0, 3, 6, 9]) {
      offsets.add(zoneOffsetMinutes(new Date(Date.UTC(y, month, 1)), timeZone));
    }
  }
  return offsets.size === 1 ? [...offsets][0]! : null;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

export function writeCalendar(options: {
  name: string;
  timeZone: string;
  now: Date;
  events: readonly CalendarEvent[];
}): string {
  const { timeZone, now } = options;
  // A zone without daylight saving (Asia/Ho_Chi_Minh) is written as itself: the times read as
  // the center's. One with changes is written in UTC (calendar apps show it in the reader's zone),
  // as a VTIMEZONE with its rules would need the zone database's history.
  const offset = fixedOffset(timeZone, now);
  const when = (name: string, instant: Date) => {
    if (offset === null) return `${name}:${utcStamp(instant)}`;
    const local = new Date(instant.getTime() + offset * 60_000);
    return `${name};TZID=${timeZone}:${utcStamp(local).slice(0, -1)}`;
  };
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Edu Center//Lesson calendar//VI',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    // Calendar apps that honour it fetch the feed again every hour.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  if (offset !== null) {
    lines.push(
      'BEGIN:VTIMEZONE',
      `TZID:${timeZone}`,
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offsetText(offset)}`,
      `TZOFFSETTO:${offsetText(offset)}`,
      'END:STANDARD',
      'END:VTIMEZONE',
    );
  }
  for (const event of options.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTAMP:${utcStamp(now)}`,
      `LAST-MODIFIED:${utcStamp(event.lastModified)}`,
      when('DTSTART', event.start),
      when('DTEND', event.end),
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      event.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
      event.cancelled ? 'TRANSP:TRANSPARENT' : 'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
