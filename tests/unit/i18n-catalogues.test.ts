// Both languages say the same things: the Vietnamese and English catalogues (the web's, and the
// server's messages) have the same keys, and each text the same {placeholders}.
import { expect, test } from 'vitest';
import { messages } from '#common/messages.ts';
import { messagesEn } from '#common/messages-en.ts';
import { en, vi } from '#web/i18n/catalogue.ts';
import { placeholderNames } from '#web/i18n/format-text.ts';

// A plural argument ({count, plural, one {…} other {…}}) names its value as a placeholder does.
const placeholders = placeholderNames;

function differences(a: Record<string, string>, b: Record<string, string>) {
  const problems: string[] = [];
  for (const key of Object.keys(a)) {
    if (!(key in b)) problems.push(`${key}: missing in English`);
    else if (placeholders(a[key]!).join() !== placeholders(b[key]!).join()) {
      problems.push(`${key}: {${placeholders(a[key]!)}} vs {${placeholders(b[key]!)}}`);
    }
    if (key in b && !b[key]!.trim()) problems.push(`${key}: empty in English`);
  }
  for (const key of Object.keys(b)) if (!(key in a)) problems.push(`${key}: only in English`);
  return problems;
}

test('the web catalogues have the same keys and the same placeholders', () => {
  expect(differences(vi, en)).toEqual([]);
  expect(Object.keys(en).length).toBe(Object.keys(vi).length);
});

test("the server's messages have the same codes and placeholders in both languages", () => {
  expect(differences(messages, messagesEn)).toEqual([]);
});

test('product.md texts stay Vietnamese as given: the Vietnamese catalogue is the server one', () => {
  expect(vi['error.LOGIN_FAILED']).toBe('Email hoặc mật khẩu không đúng');
  expect(en['error.LOGIN_FAILED']).toBe('Wrong email or password');
});
