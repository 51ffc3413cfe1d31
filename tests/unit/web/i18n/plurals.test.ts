// Plurals from the language's rules (issue 26 point 7): '1 lesson', '2 lessons'.
import { describe, expect, test } from 'vitest';
import { en, vi } from '#web/i18n/catalogue.ts';
import { formatText, placeholderNames } from '#web/i18n/format-text.ts';

const lessons = '{count, plural, one {# lesson} other {# lessons}} created.';

describe('a plural argument', () => {
  test('English takes one form for 1 and the other for 0, 2 and 21', () => {
    expect(formatText(lessons, { count: 1 }, 'en')).toBe('1 lesson created.');
    expect(formatText(lessons, { count: 0 }, 'en')).toBe('0 lessons created.');
    expect(formatText(lessons, { count: 2 }, 'en')).toBe('2 lessons created.');
    expect(formatText(lessons, { count: 21 }, 'en')).toBe('21 lessons created.');
  });

  test("Vietnamese has only 'other'", () => {
    expect(formatText('{n, plural, one {# buổi (một)} other {# buổi}}', { n: 1 }, 'vi')).toBe(
      '1 buổi',
    );
  });

  test('an exact branch wins, placeholders work inside branches, a missing value stays as written', () => {
    const text =
      '{count, plural, =0 {No lesson for {name}} one {# lesson for {name}} other {# lessons for {name}}}';
    expect(formatText(text, { count: 0, name: 'An' }, 'en')).toBe('No lesson for An');
    expect(formatText(text, { count: 1, name: 'An' }, 'en')).toBe('1 lesson for An');
    expect(formatText(text, { name: 'An' }, 'en')).toBe(text);
    expect(placeholderNames(text)).toEqual(['count', 'name']);
  });

  test('plain placeholders and text without braces are as before', () => {
    expect(formatText('Theme {name} saved.', { name: 'Sunset' }, 'en')).toBe('Theme Sunset saved.');
    expect(formatText('Hello {who}', {}, 'en')).toBe('Hello {who}');
    expect(formatText('No values', { count: 3 }, 'en')).toBe('No values');
  });
});

describe('the catalogues', () => {
  test('English counts in the singular for one of a thing', () => {
    expect(formatText(en['classes.lessons'], { count: 1 }, 'en')).toBe('1 lesson');
    expect(formatText(en['classes.lessons'], { count: 2 }, 'en')).toBe('2 lessons');
    expect(formatText(en['classes.students'], { count: 1 }, 'en')).toBe('1 student');
    expect(formatText(en['notifications.unread'], { count: 1 }, 'en')).toBe(
      '1 unread notification',
    );
    expect(formatText(en['error.SERIES_CREATED'], { count: 1 }, 'en')).toBe('1 lesson created.');
    expect(formatText(en['error.SERIES_CREATED_CLOSED'], { count: 3, closed: 1 }, 'en')).toBe(
      '3 lessons created, 1 on a closed day left out.',
    );
    expect(vi['classes.lessons']).not.toContain('plural');
  });

  test('no English text counts something with a bare {count} (the plural form is used)', () => {
    // Counted nouns after a number placeholder: '{count} lessons' should be a plural argument.
    const bare = Object.entries(en).filter(([, text]) =>
      /\{\w+\} (?:[a-z]+ )?(?:lessons|students|classes|accounts|rows|days|holidays|seats|minutes|notifications|users)\b/.test(
        text,
      ),
    );
    expect(bare).toEqual([]);
  });
});
