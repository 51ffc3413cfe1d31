// Builds the web app when dist/web is missing or older than its sources, so `npm start` on a
// fresh clone serves the pages, and a later start with nothing changed skips the build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/web/.build-stamp');
const sources = ['src/web', 'src/common', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map(newestMtime));
if (built < changed || !fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  console.log('Building the web app (dist/web)…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  fs.writeFileSync(stamp, new Date().toISOString());
}
