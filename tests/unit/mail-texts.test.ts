// The e-mails' catalogue (features/email/mail-texts.ts): both languages have every key with the
// same placeholders, every e-mailable type has a subject and a body, and the HTML part escapes
// what people typed (a class named '<b>' stays text).
import { describe, expect, test } from 'vitest';
import { EMAIL_NOTIFICATION_TYPES } from '#common/email.ts';
import { MAIL_TEXTS, notificationMail } from '#server/features/email/mail-texts.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('mail texts', () => {
  test('Vietnamese and English have the same keys and placeholders', () => {
    expect(Object.keys(MAIL_TEXTS.en).sort()).toEqual(Object.keys(MAIL_TEXTS.vi).sort());
    for (const [key, text] of Object.entries(MAIL_TEXTS.vi)) {
      expect(placeholders(MAIL_TEXTS.en[key as keyof typeof MAIL_TEXTS.en]), key).toEqual(
        placeholders(text),
      );
    }
  });

  test('every e-mailable type has a subject and a body', () => {
    for (const type of EMAIL_NOTIFICATION_TYPES) {
      expect(MAIL_TEXTS.vi).toHaveProperty(`${type}.subject`);
      expect(MAIL_TEXTS.vi).toHaveProperty(`${type}.body`);
    }
  });

  test('a plain-text part and an HTML part that escapes what people typed; times in the zone', () => {
    const mail = notificationMail(
      'en',
      'lesson_starting_soon',
      { class_name: '<b>IELTS</b> & co', topic: 'Unit 1', start_time: '2030-03-01T02:00:00.000Z' },
      {
        name: 'Emma',
        centerName: 'Edu Center',
        url: 'https://edu.example.test/dashboard',
        timeZone: 'Asia/Ho_Chi_Minh',
      },
    );
    expect(mail.subject).toBe('Your lesson starts soon: <b>IELTS</b> & co');
    expect(mail.text).toContain('<b>IELTS</b> & co: Unit 1 starts at');
    expect(mail.text).toContain('09:00');
    expect(mail.text).toContain('https://edu.example.test/dashboard');
    expect(mail.html).toContain('&lt;b&gt;IELTS&lt;/b&gt; &amp; co');
    expect(mail.html).not.toContain('<b>IELTS');
  });
});
