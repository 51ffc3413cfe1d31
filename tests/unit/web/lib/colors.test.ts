import { expect, test } from 'vitest';
import { avatarColor, classTagColor, hashName, initials } from '#web/lib/colors.ts';

test('a name always gets the same colour, from 18 avatar colours and 12 class-tag colours', () => {
  const names = Array.from({ length: 500 }, (_, i) => `Người dùng ${i}`);
  const avatarColours = new Set(names.map((name) => avatarColor(name).bg));
  const tagColours = new Set(names.map((name) => classTagColor(name).bg));
  expect(avatarColours.size).toBe(18);
  expect(tagColours.size).toBe(12);
  expect(avatarColor('Nguyễn Văn An')).toEqual(avatarColor('Nguyễn Văn An'));
  expect(hashName('abc')).toBeGreaterThanOrEqual(0);
});

test('initials take the first and last word', () => {
  expect(initials('Nguyễn Văn An')).toBe('NA');
  expect(initials('lan')).toBe('L');
  expect(initials('   ')).toBe('?');
});
