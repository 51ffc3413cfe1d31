// Zoom lives only inside the Zoom provider (docs/decisions/014-video-providers.md): its folders
// (server, web, common), its migrations and its tests. Everywhere else in src/ the word may appear
// only where it is the provider's name; a later provider (a room, another service's link) then
// needs no change outside its own folder and the registries.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');

/** The provider's own folders and its migrations: Zoom is what they are about. */
const providerFiles = [/\/providers\/zoom\//, /^src\/server\/db\/migrations\//];

/** The registries of installed providers: naming each provider is their one job. */
const registries = [
  'src/server/features/providers/installed.ts',
  'src/web/features/providers/index.ts',
];

/** The catalogues: a text may name Zoom for its reader (a key may not: it is an identifier). */
const catalogue = /^src\/(common\/(core-)?messages(-en)?\.ts|web\/i18n\/)/;

/**
 * The only other files that import (or name) the provider's modules, each for its reason: the one
 * message catalogue and the one error table take in the provider's own part, the router loads its
 * page lazily (the registries would put it in the first download), and the first-load table names
 * that page for the HTML.
 */
const importers: Record<string, string> = {
  'src/common/messages.ts': "the provider's message codes",
  'src/common/messages-en.ts': "the provider's message codes in English",
  'src/server/errors.ts': "the HTTP statuses of the provider's error codes",
  'src/web/app/router.tsx': "the provider's page of host accounts",
  'src/common/first-load.ts': "the same page, named for the HTML's preloads (plugins/web-boot.ts)",
};

/** A module path into one of the provider's folders, as the importers above write it. */
const providerModule = /'[^'\s]*\/providers\/zoom\/[^'\s]*'/g;

/** What may name Zoom anywhere, each for its reason. */
const allowed: { why: string; pattern: RegExp }[] = [
  { why: "the provider's id, as stored with each meeting", pattern: /'zoom'/g },
  {
    why: 'addresses others rely on: the webhook URL set in Zoom, the API and the bookmarked page',
    pattern: /'\/api\/zoom\/webhook'|'\/api\/zoom-accounts'|'\/zoom-accounts'/g,
  },
  {
    why: "permission names of product.md §6, the one table's keys",
    pattern: /\b(view|manage)_zoom_accounts\b/g,
  },
];

/** A catalogue line without its texts: every string literal but a key (`'nav.x':`) goes. */
const withoutTexts = (line: string) =>
  line.replace(/(['"])(?:\\.|(?!\1).)*\1(\s*:)?/g, (literal, _quote, colon) =>
    colon ? literal : '',
  );

/** What is left of a line of the file once everything allowed is taken out. */
function unexplained(line: string, name: string): string {
  let rest = name in importers ? line.replace(providerModule, '') : line;
  for (const { pattern } of allowed) rest = rest.replace(pattern, '');
  return catalogue.test(name) ? withoutTexts(rest) : rest;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

test('outside the Zoom provider, src/ names Zoom only as the provider', () => {
  const strays: string[] = [];
  for (const file of filesUnder(src)) {
    const name = path.relative(root, file).split(path.sep).join('/');
    if (providerFiles.some((folder) => folder.test(name)) || registries.includes(name)) continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (/zoom/i.test(unexplained(line, name)))
        strays.push(`${name}:${index + 1}: ${line.trim()}`);
    });
  }
  expect(strays).toEqual([]);
});

test("only the registries and the named importers import the provider's modules", () => {
  const imports = /(?:from |import\()'([^']+)'/g;
  const strays: string[] = [];
  for (const file of filesUnder(src)) {
    const name = path.relative(root, file).split(path.sep).join('/');
    if (providerFiles.some((folder) => folder.test(name)) || registries.includes(name)) continue;
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(imports)) {
      const target = specifier!.startsWith('.')
        ? path.relative(root, path.resolve(path.dirname(file), specifier!))
        : specifier!;
      if (
        /(^|\/)providers\/zoom\//.test(target.split(path.sep).join('/')) &&
        !(name in importers)
      ) {
        strays.push(`${name} → ${specifier}`);
      }
    }
  }
  expect(strays).toEqual([]);
});

test('the allow-list catches what it is meant to', () => {
  // A guard against an allow-list that lets everything through.
  const strays = (line: string, name = 'src/server/x.ts') => /zoom/i.test(unexplained(line, name));
  expect(
    strays("  ZOOM_ACCOUNT_ONLINE: 'Tài khoản Zoom đang ONLINE',", 'src/common/messages.ts'),
  ).toBe(true);
  expect(strays("  'nav.hostAccounts': 'Zoom Accounts',", 'src/web/i18n/shell.ts')).toBe(false);
  expect(strays("  'nav.zoomAccounts': 'Accounts',", 'src/web/i18n/shell.ts')).toBe(true);
  expect(
    strays(
      "  MEETING_CREATE_FAILED: 'Could not create a Zoom meeting.',",
      'src/common/messages-en.ts',
    ),
  ).toBe(false);
  expect(strays("import { zoomOf } from './zoom-provider.ts';")).toBe(true);
  expect(
    strays(
      "import { x } from './features/providers/zoom/error-statuses.ts';",
      'src/server/errors.ts',
    ),
  ).toBe(false);
  expect(strays("import { x } from '#server/features/providers/zoom/index.ts';")).toBe(true);
  expect(strays("if (reply.provider === 'zoom') return;")).toBe(false);
  expect(strays('const zoomAccountId = 1;')).toBe(true);
  expect(strays("rolesWith('view_zoom_accounts')")).toBe(false);
});
