// npm run check:budgets — fails when the login route's JavaScript exceeds its budget, or when it
// names a text of the catalogue that is not in its first part. Run after a build; CI runs it.
//
// The login route downloads only the shell's parts of the text catalogue
// (src/web/i18n/shell-texts.ts); the after-sign-in parts arrive with the first lazy page. A text used by something the login route
// renders (the login page, the guards, the start-up screens) must therefore be in the shell's
// part, or that screen would show its key. The key of every such text is a string in the route's
// JavaScript, so looking for the other parts' keys there finds the mistake.
import fs from 'node:fs';
import path from 'node:path';
import { LOGIN_JS_BUDGET_BYTES, loginRouteJavaScript } from '../bench/web.ts';
import { afterSignInParts } from '../src/web/i18n/after-sign-in-texts.ts';
import { shellParts } from '../src/web/i18n/shell-texts.ts';

const distDir = path.resolve(import.meta.dirname, '../dist/web');
const { total, rows } = loginRouteJavaScript(distDir);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;

if (total > LOGIN_JS_BUDGET_BYTES) {
  console.error(
    `Login route JavaScript is ${kb(total)} gzip, over its budget of ${kb(LOGIN_JS_BUDGET_BYTES)}.`,
  );
  failed = true;
} else {
  console.log(`Login route JavaScript: ${kb(total)} gzip (budget ${kb(LOGIN_JS_BUDGET_BYTES)}).`);
}

const code = rows.map((row) => fs.readFileSync(path.join(distDir, row.file), 'utf8')).join('\n');
const shellKeys = new Set(shellParts.flatMap((part) => Object.keys(part)));
const lateKeys = afterSignInParts
  .flatMap((part) => Object.keys(part))
  .filter((key) => !shellKeys.has(key));
const named = lateKeys.filter((key) =>
  ['"', "'", '`'].some((q) => code.includes(`${q}${key}${q}`)),
);
if (named.length > 0) {
  console.error(
    `The login route names texts that arrive only after sign-in (move them to a part in shell-texts.ts): ${named.join(', ')}`,
  );
  failed = true;
} else {
  console.log('Every text the login route names is in its first part of the catalogue.');
}
if (failed) process.exit(1);
