// npm run bench:web — how much JavaScript the login route downloads, gzip-compressed: the entry
// chunk and every chunk it imports statically (the login page is in the entry; everything after
// sign-in is a lazy chunk). Budget: 120 KB (docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const LOGIN_JS_BUDGET_BYTES = 120 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export function loginRouteJavaScript(distDir = path.resolve(import.meta.dirname, '../dist/web')) {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const rows = [...files].map((file) => {
    const content = fs.readFileSync(path.join(distDir, file));
    return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const lazyChunks = Object.values(manifest).filter((chunk) => !files.has(chunk.file)).length;
  return { rows, total: rows.reduce((sum, row) => sum + row.gzip, 0), lazyChunks };
}

if (import.meta.main) {
  const { rows, total, lazyChunks } = loginRouteJavaScript();
  console.log('JavaScript downloaded by the login route (gzip -9):');
  for (const row of rows) {
    console.log(
      `  ${row.file}  ${(row.raw / 1024).toFixed(1)} KB raw, ${(row.gzip / 1024).toFixed(1)} KB gzip`,
    );
  }
  console.log(
    `Total: ${(total / 1024).toFixed(1)} KB gzip (budget ${LOGIN_JS_BUDGET_BYTES / 1024} KB); ${lazyChunks} lazy chunks load after sign-in.`,
  );
}
