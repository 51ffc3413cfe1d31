// Looks up interface text. The product is Vietnamese; `edu:lang` = 'en' in localStorage switches.
// Each feature's texts sit in src/web/i18n/<feature>.ts, the English beside them in
// <feature>.en.ts. The login page's first download carries only the shell's Vietnamese parts
// (shell-texts.ts: sign-in, navigation, the server's codes); the rest arrives with the first page
// after sign-in (after-sign-in.ts, loaded by lazyPage before any page renders), and English, when
// chosen, before the app starts (main.tsx).

import type { MessageKey } from './catalogue.ts';
import { formatText, type TextParams } from './format-text.ts';
import { shellParts } from './shell-texts.ts';

export type { MessageKey };

type Texts = Partial<Record<MessageKey, string>>;

export type Language = 'vi' | 'en';
export const LANGUAGE_STORAGE_KEY = 'edu:lang';

/**
 * The language the user chose (kept on the server, copied here at sign-in); until they choose, the
 * browser's: English for a browser that asks for English first, Vietnamese otherwise.
 */
function chosenLanguage(): Language {
  // Outside a browser (the unit tests) the product's own language.
  if (typeof window === 'undefined') return 'vi';
  const stored =
    typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
  if (stored === 'en' || stored === 'vi') return stored;
  const wanted =
    typeof navigator !== 'undefined' ? (navigator.languages?.[0] ?? navigator.language) : '';
  return /^en\b/i.test(wanted ?? '') ? 'en' : 'vi';
}

export const language: Language = chosenLanguage();

/** Makes a language the one used from the next page load on (the app reloads to apply it). */
export function rememberLanguage(next: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
}

const vi: Texts = Object.assign({}, ...shellParts);
const en: Texts = {};

/** Adds a part of the catalogue, in either language. */
export function addTexts(part: { vi?: Texts; en?: Texts }): void {
  Object.assign(vi, part.vi);
  Object.assign(en, part.en);
}

/** The text of a key in the chosen language (English falls back to Vietnamese), or the key. */
function textOf(key: MessageKey): string {
  return (language === 'en' ? en[key] : undefined) ?? vi[key] ?? key;
}

/**
 * The text of a key with its values: `{name}` placeholders, and `{count, plural, one {…} other
 * {…}}` for what is counted, the form chosen by the language's plural rules (format-text.ts).
 */
export function t(key: MessageKey, params: TextParams = {}): string {
  return formatText(textOf(key), params, language);
}

/** Whether the catalogue has a text for this key (error codes arrive from the server as strings). */
export function hasText(key: string): key is MessageKey {
  return Object.hasOwn(vi, key);
}
