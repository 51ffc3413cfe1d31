import { expect, test } from 'vitest';
import {
  addDays,
  localDate,
  localDateTimeText,
  startOfLocalDate,
  todayRange,
} from '#server/lib/center-time.ts';

const HCM = 'Asia/Ho_Chi_Minh';

test('"today" in Ho Chi Minh City starts at 17:00 UTC the day before', () => {
  const range = todayRange(new Date('2026-11-22T18:30:00Z'), HCM);
  expect(range.date).toBe('2026-11-23');
  expect(range.start.toISOString()).toBe('2026-11-22T17:00:00.000Z');
  expect(range.end.toISOString()).toBe('2026-11-23T17:00:00.000Z');
});

test('"today" is worked out again once an instant falls outside the last day asked for', () => {
  const instants = [
    '2026-11-22T18:30:00Z', // 23/11 local
    '2026-11-23T16:59:59.999Z', // still 23/11
    '2026-11-23T17:00:00Z', // 24/11 at local midnight
    '2026-11-22T16:59:59Z', // back to 22/11 (a test clock can go back)
    '2026-03-08T12:00:00Z',
  ];
  for (const instant of instants) {
    for (const zone of [HCM, 'America/New_York']) {
      const range = todayRange(new Date(instant), zone);
      const date = localDate(new Date(instant), zone);
      expect(range.date).toBe(date);
      expect(range.start.getTime()).toBe(startOfLocalDate(date, zone).getTime());
      expect(range.end.getTime()).toBe(startOfLocalDate(addDays(date, 1), zone).getTime());
    }
  }
});

test('local dates and midnights are right across a DST change', () => {
  expect(localDate(new Date('2026-03-08T07:59:00Z'), 'America/New_York')).toBe('2026-03-08');
  expect(startOfLocalDate('2026-03-08', 'America/New_York').toISOString()).toBe(
    '2026-03-08T05:00:00.000Z',
  );
  expect(startOfLocalDate('2026-03-09', 'America/New_York').toISOString()).toBe(
    '2026-03-09T04:00:00.000Z',
  );
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
});

test('a time is named the Vietnamese way, in the center zone', () => {
  expect(localDateTimeText(new Date('2026-11-22T18:05:00Z'), HCM)).toBe('01:05 23/11/2026');
});

test('the cached offsets agree with Intl at every quarter hour around DST changes, in several zones', () => {
  const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', HCM];
  const formatter = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  for (const zone of zones) {
    const intl = formatter(zone);
    for (const start of [
      '2026-03-07T00:00:00Z',
      '2026-04-04T00:00:00Z',
      '2026-10-24T00:00:00Z',
      '2026-11-01T00:00:00Z',
    ]) {
      for (let quarter = 0; quarter < 4 * 72; quarter++) {
        const instant = new Date(Date.parse(start) + quarter * 15 * 60_000);
        expect(localDate(instant, zone), `${zone} ${instant.toISOString()}`).toBe(
          intl.format(instant),
        );
      }
    }
  }
});
