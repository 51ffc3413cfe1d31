// Looks up interface text. The product is Vietnamese; `edu:lang` = 'en' in localStorage switches.
// The login page's first download carries only the shell's part of the catalogue (vi-shell.ts:
// sign-in, navigation, the server's messages); the rest arrives with the first page after sign-in
// (after-sign-in.ts, loaded by lazyPage before any page renders), and English, when chosen, before
// the app starts (main.tsx).

import { type MessageCode, messages } from '#common/messages.ts';
import type { MessageKey } from './vi.ts';
import { viShell } from './vi-shell.ts';

export type { MessageKey };

type Texts = Partial<Record<MessageKey, string>>;

export type Language = 'vi' | 'en';
export const LANGUAGE_STORAGE_KEY = 'edu:lang';

/**
 * The language the user chose (kept on the server, copied here at sign-in); until they choose, the
 * browser's: English for a browser that asks for English first, Vietnamese otherwise.
 */
function chosenLanguage(): Language {
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

const vi: Texts = { ...viShell };
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

export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return textOf(key).replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** Whether the catalogue has a text for this key (error codes arrive from the server as strings). */
export function hasText(key: string): key is MessageKey {
  return Object.hasOwn(vi, key);
}

const codesByText = new Map<string, MessageCode>(
  (Object.entries(messages) as [MessageCode, string][]).map(([code, text]) => [text, code]),
);

let serverPatterns: { code: MessageCode; pattern: RegExp }[] | undefined;

/**
 * A message a server reply carries (in Vietnamese) in the current language: matched against the
 * server's catalogue, its values taken out and put into the same code's text. A text that is no
 * catalogue message is shown as it came.
 */
export function serverText(text: string): string {
  if (language === 'vi') return text;
  serverPatterns ??= (Object.entries(messages) as [MessageCode, string][]).flatMap(
    ([code, template]) => {
      try {
        return [
          {
            code,
            pattern: new RegExp(
              `^${template
                .split(/(\{\w+\})/)
                .map((part) => {
                  const name = /^\{(\w+)\}$/.exec(part)?.[1];
                  return name ? `(?<${name}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
                })
                .join('')}$`,
              's',
            ),
          },
        ];
      } catch {
        // A template naming one value twice makes no valid pattern: it is shown as it came.
        return [];
      }
    },
  );
  for (const { code, pattern } of serverPatterns) {
    const match = pattern.exec(text);
    if (match) return t(`error.${code}` as MessageKey, { ...match.groups });
  }
  return text;
}

/** The catalogue code of a shared schema's message (they are written in Vietnamese). */
export function codeOfText(text: string): MessageCode | undefined {
  return codesByText.get(text);
}
