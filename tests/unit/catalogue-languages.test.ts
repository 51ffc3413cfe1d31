// Each catalogue speaks its own language (issue 26 point 7): no Vietnamese in the English UI, and
// in the Vietnamese UI no English beyond what SPEC.md itself gives in English, names of products
// and formats, and loanwords Vietnamese uses as they are. A new English text in a Vietnamese
// catalogue fails here; when it is meant, its word joins an allow-list below with the reason.
import { describe, expect, test } from 'vitest';
import { messages } from '#common/messages.ts';
import { messagesEn } from '#common/messages-en.ts';
import { en, vi } from '#web/i18n/catalogue.ts';

const prefixed = (prefix: string, texts: Record<string, string>) =>
  Object.fromEntries(Object.entries(texts).map(([key, text]) => [`${prefix}${key}`, text]));
const vietnameseTexts: Record<string, string> = { ...vi, ...prefixed('server:', messages) };
const englishTexts: Record<string, string> = { ...en, ...prefixed('server:', messagesEn) };

// ---- Vietnamese in the English catalogue ----------------------------------------------------

const VIETNAMESE_LETTER = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

/** English texts that rightly hold a Vietnamese word, by key, with the reason. */
const VIETNAMESE_ALLOWED_IN_ENGLISH: Record<string, string> = {
  'language.vi': "a language's name is written in that language in a language picker",
  'closedDays.holiday.lunar_new_year':
    'Tết is the name of the holiday, given beside its English name',
  'closedDays.settingsText': 'Tết is the name of the holiday',
};

// ---- English in the Vietnamese catalogue ----------------------------------------------------

/**
 * A word written without diacritics that can still be one Vietnamese syllable ('cho', 'trong',
 * 'thanh'): an optional initial consonant, one to three vowels, an optional final consonant.
 * English words rarely fit ('theme', 'link', 'user', 'menu' do not).
 */
const VIETNAMESE_SYLLABLE =
  /^(ngh|ng|gh|gi|kh|nh|ph|qu|th|tr|ch|[bcdghklmnprstvx])?[aeiouy]{1,3}(ch|ng|nh|[cmnpt])?$/i;

/** English (or Latin-script) words the Vietnamese UI keeps, each with the reason. */
const ENGLISH_ALLOWED_IN_VIETNAMESE: Record<string, string> = {
  // SPEC.md gives these in English in the Vietnamese interface: the menu and page names
  // (Dashboard, My Classes, Students, Teachers, Staff, Schedules, My Schedules, Settings, Zoom
  // accounts, Library, Live Room), the role names, the theme manager's tabs, the Zoom accounts'
  // badges and SYNC, the Coming Soon pages, the pagination's 'x of y', the meeting roles,
  // 'not assigned', the chat panel, the active theme refusal and the sync reply's Edge Function.
  ...Object.fromEntries(
    [
      'dashboard',
      'classes',
      'students',
      'teachers',
      'staff',
      'schedules',
      'settings',
      'accounts',
      'library',
      'live',
      'admin',
      'student',
      'teacher',
      'primary',
      'success',
      'warning',
      'error',
      'gray',
      'background',
      'active',
      'inactive',
      'online',
      'offline',
      'sync',
      'clear',
      'coming',
      'is',
      'practice',
      'english',
      'anytime',
      'anywhere',
      'teaching',
      'schedule',
      'management',
      'of',
      'host',
      'participant',
      'assigned',
      'cannot',
      'delete',
      'currently',
      'theme',
      'edge',
      'function',
      'user',
      'profile',
      'meeting',
      'upload',
      // The staff page's refusal for others 'is in English (exact text not shown)'.
      'only',
      'administrators',
      'manage',
    ].map((word) => [word, 'SPEC.md gives it in English']),
  ),
  // Names of products, and of the things their own screens name (the Zoom set-up guides point
  // at Zoom Marketplace's labels, which are English).
  ...Object.fromEntries(
    [
      'zoom',
      'google',
      'apple',
      'outlook',
      'microsoft',
      'teams',
      'jitsi',
      'calendar',
      'excel',
      'npm',
      'install',
      'marketplace',
      'oauth',
      'server',
      'app',
      'client',
      'id',
      'secret',
      'token',
      'access',
      'sdk',
      'web',
      'signature',
      'invalid',
      'activate',
      'event',
      'subscription',
      'scope',
      'webhook',
      // Zoom Marketplace's labels the Zoom card's guides point at (Settings → Zoom).
      'account',
      'us',
      'develop',
      'build',
      'activation',
      'general',
      'features',
      'embed',
      'subscriptions',
      'notification',
      'endpoint',
      // The Vietnamese banks' transfer standard and its operator (tuition's bank account).
      'vietqr',
      'napas',
      // The bank-notification services the bank webhook works with.
      'sepay',
      'casso',
    ].map((word) => [word, 'a product or the label its own screen shows']),
  ),
  // Formats, protocols and headers, by their names.
  ...Object.fromEntries(
    [
      'csv',
      'xlsx',
      'ics',
      'json',
      'jpeg',
      'png',
      'webp',
      'ascii',
      'http',
      'https',
      'url',
      'api',
      'idempotency',
      'pixel',
      'qr',
      // The e-mail settings (issue 29): the protocol and its two kinds of encryption.
      'smtp',
      'tls',
      'starttls',
      // Materials (docs/decisions/038): the file types they take, and their sizes.
      'pdf',
      'wav',
      'ogg',
      'mb',
      // Backups (issue 30): the sizes of a backup, the database they name.
      'kb',
      'postgresql',
    ].map((word) => [word, 'the name of a format, a protocol or a header']),
  ),
  // The programs whose documents materials take, by their names (docs/decisions/038).
  ...Object.fromEntries(['word', 'excel', 'powerpoint'].map((word) => [word, "a program's name"])),
  // Loanwords Vietnamese writes as they are.
  ...Object.fromEntries(
    [
      'email',
      'file',
      'logo',
      'avatar',
      'link',
      'menu',
      'tab',
      'popup',
      'camera',
      'micro',
      'video',
    ].map((word) => [word, 'a loanword Vietnamese uses as it is']),
  ),
  edu: "the default center name SPEC.md gives, 'Edu Center'",
  center: "the default center name SPEC.md gives, 'Edu Center'",
  unit: "a lesson topic's example ('Unit 1'): topics of an English course are English",
  stt: "Vietnamese abbreviation ('số thứ tự')",
  cn: "Vietnamese abbreviation ('Chủ nhật')",
  z: "'A → Z', the sort order",
};

/** Words of a text that look like English: placeholders, addresses and identifiers left out. */
function englishLookingWords(text: string): string[] {
  const prose = text
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    // Identifiers (ZOOM_ACCOUNT_ID, meeting.started, user:read:admin, @zoom/meetingsdk).
    .replace(/[\w.:@/-]*[_@:/][\w.:@/-]*/g, ' ')
    .replace(/\b\w+\.\w+\b/g, ' ');
  const words = (prose.match(/[\p{L}\d'-]+/gu) ?? [])
    .filter((word) => /^[A-Za-z'-]+$/.test(word))
    .flatMap((word) => word.split('-'))
    .filter((word) => word && !VIETNAMESE_SYLLABLE.test(word));
  return words.map((word) => word.toLowerCase());
}

describe('each catalogue speaks its own language', () => {
  test('no Vietnamese in the English texts (web and server), but for the allowed ones', () => {
    const found = Object.entries(englishTexts)
      .filter(
        ([key, text]) => VIETNAMESE_LETTER.test(text) && !(key in VIETNAMESE_ALLOWED_IN_ENGLISH),
      )
      .map(([key, text]) => `${key}: ${text}`);
    expect(found).toEqual([]);
  });

  test('no English in the Vietnamese texts but what SPEC.md gives, names and loanwords', () => {
    const found = Object.entries(vietnameseTexts).flatMap(([key, text]) =>
      englishLookingWords(text)
        .filter((word) => !(word in ENGLISH_ALLOWED_IN_VIETNAMESE))
        .map((word) => `${key}: '${word}' in ${text}`),
    );
    expect(found).toEqual([]);
  });

  test('the check finds what it looks for', () => {
    expect(englishLookingWords('Đã lưu {count} buổi học trong lớp')).toEqual([]);
    expect(englishLookingWords('Saved the lesson')).toEqual(['saved', 'lesson']);
    expect(englishLookingWords('Đặt ZOOM_ACCOUNT_ID tại https://x.example/a')).toEqual([]);
    expect(VIETNAMESE_LETTER.test('Lunar New Year')).toBe(false);
    expect(VIETNAMESE_LETTER.test('Thứ Hai')).toBe(true);
  });

  test('every allowed word is still used, so the lists do not outgrow the catalogues', () => {
    const used = new Set(Object.values(vietnameseTexts).flatMap(englishLookingWords));
    expect(Object.keys(ENGLISH_ALLOWED_IN_VIETNAMESE).filter((word) => !used.has(word))).toEqual(
      [],
    );
    expect(
      Object.keys(VIETNAMESE_ALLOWED_IN_ENGLISH).filter((key) => !(key in englishTexts)),
    ).toEqual([]);
  });
});
