// Looks up interface text. The product is Vietnamese; `edu:lang` = 'en' in localStorage switches.

import { type MessageCode, messages } from '#common/messages.ts';
import { en } from './en.ts';
import { type MessageKey, vi } from './vi.ts';

export type { MessageKey };

const catalogue: Record<MessageKey, string> =
  typeof localStorage !== 'undefined' && localStorage.getItem('edu:lang') === 'en' ? en : vi;

export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** Whether the catalogue has a text for this key (error codes arrive from the server as strings). */
export function hasText(key: string): key is MessageKey {
  return Object.hasOwn(catalogue, key);
}

const codesByText = new Map<string, MessageCode>(
  (Object.entries(messages) as [MessageCode, string][]).map(([code, text]) => [text, code]),
);

/** The catalogue code of a shared schema's message (they are written in Vietnamese). */
export function codeOfText(text: string): MessageCode | undefined {
  return codesByText.get(text);
}
