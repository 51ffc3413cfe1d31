// The web's words live in its one catalogue (src/web/i18n): the ground of the language switch.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

test('the web writes no Vietnamese outside its catalogue (comments aside)', () => {
  const webRoot = path.resolve(import.meta.dirname, '../../src/web');
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'i18n') walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        const code = fs
          .readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/^\s*\/\/.*$/gm, '');
        const inString = /['"`][^'"`\n]*[À-ỹ][^'"`\n]*['"`]/u;
        const inJsxText = />[^<>{}\n]*[À-ỹ][^<>{}\n]*</u;
        if (inString.test(code) || inJsxText.test(code)) offenders.push(file);
      }
    }
  };
  walk(webRoot);
  expect(offenders).toEqual([]);
});
