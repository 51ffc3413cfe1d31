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

export const language: 'vi' | 'en' =
  typeof localStorage !== 'undefined' && localStorage.getItem('edu:lang') === 'en' ? 'en' : 'vi';

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

/** The catalogue code of a shared schema's message (they are written in Vietnamese). */
export function codeOfText(text: string): MessageCode | undefined {
  return codesByText.get(text);
}
