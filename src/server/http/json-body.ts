// The JSON request-body parser. Beyond JSON.parse it refuses, with a 400 and a message, what a
// client has no reason to send and what would otherwise reach the database or the object model:
// duplicate keys (which copy would win is up to the parser), nesting deeper than any form needs,
// keys that could rewrite prototypes, NUL characters (PostgreSQL cannot store them), lone
// UTF-16 surrogates (not text; they would be mangled on the way to the database) and the other
// control characters no text means (a bell, an escape, DEL: issue 30 finding 5), in every name,
// topic and note alike; a password is the one text that may hold any of them but NUL.
import { CONTROL_CHARACTERS } from '#common/fields.ts';
import { AppError } from '#server/errors.ts';

export const MAX_JSON_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** One pass over the raw text: duplicate keys in an object and nesting depth. */
function scanStructure(text: string): void {
  // A set of the keys seen per open object; null for an open array.
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x22) {
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) !== 0x22) {
        if (text.charCodeAt(end) === 0x5c) end++;
        end++;
      }
      const keys = open.at(-1);
      if (expectKey && keys) {
        let key: string;
        try {
          key = JSON.parse(text.slice(i, end + 1)) as string;
        } catch {
          return; // Not JSON: JSON.parse reports it.
        }
        if (keys.has(key)) throw new AppError('JSON_DUPLICATE_KEY', { params: { key } });
        keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (char === 0x7b || char === 0x5b) {
      open.push(char === 0x7b ? new Set() : null);
      if (open.length > MAX_JSON_DEPTH) throw new AppError('JSON_TOO_DEEP');
      expectKey = char === 0x7b;
    } else if (char === 0x7d || char === 0x5d) {
      open.pop();
      expectKey = false;
    } else if (char === 0x2c) {
      expectKey = open.at(-1) instanceof Set;
    }
  }
}

const isCleanText = (text: string) => !text.includes('\u0000') && text.isWellFormed();
const isSecretKey = (key: string) => /password/i.test(key);

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new AppError('JSON_INVALID');
  scanStructure(text);
  let value: unknown;
  try {
    value = JSON.parse(text, (key, item) => {
      if (FORBIDDEN_KEYS.has(key)) throw new AppError('JSON_FORBIDDEN_KEY', { params: { key } });
      if (!isCleanText(key) || (typeof item === 'string' && !isCleanText(item))) {
        throw new AppError('TEXT_INVALID_CHARACTERS');
      }
      if (typeof item === 'string' && !isSecretKey(key) && CONTROL_CHARACTERS.test(item)) {
        // Named when it is a field's (an array's items are named by their list).
        throw new AppError('TEXT_INVALID_CHARACTERS', /^\d+$/.test(key) ? {} : { field: key });
      }
      return item;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('JSON_INVALID');
  }
  return value;
}
