// E-mails are printable ASCII (issue 30 point 8): an address spelled with a Cyrillic 'а', an
// accented letter, a zero-width space or a bidi mark looks like another person's and is refused
// by the one rule every form shares, with its own message.
import { describe, expect, test } from 'vitest';
import { forgotPasswordInput, testEmailInput } from '#common/email.ts';
import { EMAIL_PATTERN, hasLookAlikeCharacters } from '#common/fields.ts';
import { codes } from '#common/messages.ts';
import { createUserInput, updateUserInput } from '#common/users.ts';

const LOOK_ALIKES = [
  ['Cyrillic а', '\u0430dmin@example.com'],
  ['Cyrillic е in the domain', 'hoa@\u0435xample.com'],
  ['Greek ο', 'b\u03bfb@example.com'],
  ['an accented letter', 'hoà@example.com'],
  ['a zero-width space', 'an\u200b@example.com'],
  ['a zero-width joiner', 'an@exa\u200dmple.com'],
  ['a right-to-left override', 'an\u202e@example.com'],
  ['a left-to-right mark', 'an@example.com\u200e'],
  ['a soft hyphen', 'an\u00ad@example.com'],
  ['a no-break space inside', 'an\u00a0b@example.com'],
  ['a full-width @', 'an\uff20example.com'],
] as const;

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the shared e-mail rule', () => {
  test.each(LOOK_ALIKES)('refuses %s', (_what, email) => {
    expect(hasLookAlikeCharacters(email.trim())).toBe(true);
    expect(EMAIL_PATTERN.test(email.trim().toLowerCase())).toBe(false);
  });

  test('takes plain addresses, with the symbols e-mails use', () => {
    for (const email of [
      'hoa@example.com',
      'tran.van-nam+lop1@mail.example.edu.vn',
      "o'neil@x.io",
    ]) {
      expect(hasLookAlikeCharacters(email)).toBe(false);
      expect(EMAIL_PATTERN.test(email)).toBe(true);
    }
  });

  test.each(LOOK_ALIKES)(
    'account creation, correction, the test e-mail and the reset request refuse %s with the look-alike message',
    (_what, email) => {
      const look = codes.EMAIL_LOOK_ALIKE_CHARACTERS;
      expect(
        firstMessage(createUserInput.safeParse({ full_name: 'Hoa', email, role: 'student' })),
      ).toBe(look);
      expect(firstMessage(updateUserInput.safeParse({ email }))).toBe(look);
      expect(firstMessage(forgotPasswordInput.safeParse({ email }))).toBe(look);
      expect(firstMessage(testEmailInput.safeParse({ to: email }))).toBe(look);
    },
  );

  test('a plain but malformed address keeps its own message', () => {
    const result = createUserInput.safeParse({ full_name: 'Hoa', email: 'hoa@', role: 'student' });
    expect(firstMessage(result)).toBe(codes.USER_EMAIL_INVALID);
    expect(
      createUserInput.safeParse({ full_name: 'Hoa', email: ' Hoa@Example.com ', role: 'student' })
        .data?.email,
    ).toBe('hoa@example.com');
  });
});
