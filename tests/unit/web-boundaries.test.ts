// Web features are fenced: one feature uses another only through that feature's public file
// (features/<name>/index.ts). The app shell (src/web/app) composes features and may reach in.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const featuresRoot = path.resolve(import.meta.dirname, '../../src/web/features');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

test('a feature imports another feature only through its index.ts', () => {
  const crossings: string[] = [];
  for (const file of sourceFiles(featuresRoot)) {
    const own = path.relative(featuresRoot, file).split(path.sep)[0];
    const text = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/from '([^']+)'/g)) {
      const target = specifier!.startsWith('#web/features/')
        ? specifier!.slice('#web/features/'.length)
        : specifier!.startsWith('.')
          ? path.relative(featuresRoot, path.resolve(path.dirname(file), specifier!))
          : null;
      if (!target) continue;
      const [feature, ...rest] = target.split(/[\\/]/);
      if (feature !== own && rest.join('/') !== 'index.ts') {
        crossings.push(`${path.relative(featuresRoot, file)} → ${specifier}`);
      }
    }
  }
  expect(crossings).toEqual([]);
});

test('every public file exists for the features others use', () => {
  for (const feature of ['auth', 'classes', 'settings', 'themes']) {
    expect(fs.existsSync(path.join(featuresRoot, feature, 'index.ts'))).toBe(true);
  }
});
