import { expect, test } from 'vitest';
import {
  readMeetingParams,
  withoutCredentials,
} from '#web/features/providers/zoom/meeting-params.ts';

test('all five required parameters must be present; password defaults to empty; role is a number', () => {
  const full = '?meetingId=123&signature=sig&userName=An&userEmail=a%40b.cc&role=1&scheduleId=s1';
  expect(readMeetingParams(full)).toEqual({
    meetingId: '123',
    signature: 'sig',
    userName: 'An',
    userEmail: 'a@b.cc',
    role: 1,
    password: '',
    zoomAccountId: undefined,
    scheduleId: 's1',
  });
  for (const missing of ['meetingId', 'signature', 'userName', 'userEmail', 'role']) {
    const query = new URLSearchParams(full);
    query.delete(missing);
    expect(readMeetingParams(`?${query}`)).toBeNull();
  }
  expect(readMeetingParams('?meetingId=1&signature=s&userName=a&userEmail=e&role=x')).toBeNull();
});

test('the signature is removed from the address, the rest kept', () => {
  expect(withoutCredentials('http://h/meeting?meetingId=1&signature=secret&role=0')).toBe(
    '/meeting?meetingId=1&role=0',
  );
});

test('a ZAK or customer key in the address is not read: the page fetches them from the server', () => {
  const params = readMeetingParams(
    '?meetingId=1&signature=s&userName=a&userEmail=e&role=1&zak=z&customerKey=k',
  );
  expect(params?.zak).toBeUndefined();
  expect(params?.customerKey).toBeUndefined();
});
