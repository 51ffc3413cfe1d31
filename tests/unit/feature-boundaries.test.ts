// Features are fenced, on both sides: one feature uses another only through that feature's public
// file (features/<name>/index.ts). What composes features (src/web/app, and the server's app.ts,
// server.ts, plugins and jobs outside features/) may reach in.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const roots = {
  web: {
    dir: path.resolve(import.meta.dirname, '../../src/web/features'),
    alias: '#web/features/',
  },
  server: {
    dir: path.resolve(import.meta.dirname, '../../src/server/features'),
    alias: '#server/features/',
  },
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every import of one feature's file by another feature that skips its index.ts. */
function crossings(featuresRoot: string, alias: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(featuresRoot)) {
    const own = path.relative(featuresRoot, file).split(path.sep)[0];
    const text = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/from '([^']+)'/g)) {
      const target = specifier!.startsWith(alias)
        ? specifier!.slice(alias.length)
        : specifier!.startsWith('.')
          ? path.relative(featuresRoot, path.resolve(path.dirname(file), specifier!))
          : null;
      if (!target || target.startsWith('..')) continue;
      const [feature, ...rest] = target.split(/[\\/]/);
      if (feature !== own && rest.join('/') !== 'index.ts') {
        found.push(`${path.relative(featuresRoot, file)} → ${specifier}`);
      }
    }
  }
  return found;
}

describe.each(Object.entries(roots))('%s features', (_side, { dir, alias }) => {
  test('a feature imports another feature only through its index.ts', () => {
    expect(crossings(dir, alias)).toEqual([]);
  });
});

test('every public file exists for the features others use', () => {
  for (const feature of ['auth', 'classes', 'settings', 'themes']) {
    expect(fs.existsSync(path.join(roots.web.dir, feature, 'index.ts'))).toBe(true);
  }
  for (const feature of ['auth', 'classes', 'files', 'meetings', 'notifications', 'users']) {
    expect(fs.existsSync(path.join(roots.server.dir, feature, 'index.ts'))).toBe(true);
  }
});

test('the fence sees a deep import (the check is not vacuous)', () => {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'fence-'));
  try {
    fs.mkdirSync(path.join(dir, 'a'));
    fs.mkdirSync(path.join(dir, 'b'));
    fs.writeFileSync(path.join(dir, 'b', 'inside.ts'), 'export const x = 1;\n');
    fs.writeFileSync(path.join(dir, 'b', 'index.ts'), "export { x } from './inside.ts';\n");
    fs.writeFileSync(
      path.join(dir, 'a', 'uses.ts'),
      "import { x } from '../b/inside.ts';\nimport { x as y } from '../b/index.ts';\n",
    );
    expect(crossings(dir, '#nothing/')).toEqual(['a/uses.ts → ../b/inside.ts']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
