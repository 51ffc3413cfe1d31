// npm run bench:web — how much JavaScript the login route downloads, gzip-compressed: the entry
// chunk and every chunk it imports statically (the login page is in the entry; everything after
// sign-in is a lazy chunk). Budget: 120 KB (docs/performance.md). Then each lazy page's first
// load (budget 250 KB), and Lighthouse's mobile profile on the pages a student and a parent open
// (bench/web-pages.ts; issue 31 point 4). `--runs N` runs Lighthouse N times a page (3);
// `--sizes-only` skips Lighthouse; `--only WORD,...` measures the pages whose names hold a word;
// `--transport https-h2|http1` measures over one way only (both by default: bench/web-pages.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Transport } from './web-pages.ts';

export const LOGIN_JS_BUDGET_BYTES = 120 * 1024;
/** The JavaScript of any other route's first load, gzip (issue 31). */
export const ROUTE_JS_BUDGET_BYTES = 250 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
  name?: string;
  src?: string;
}

const defaultDist = () => path.resolve(import.meta.dirname, '../dist/web');

function readManifest(distDir: string) {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

/** A chunk and every chunk it imports statically, as manifest keys. */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]!.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function loginRouteJavaScript(distDir = defaultDist()) {
  const manifest = readManifest(distDir);
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

/** The pages rendered outside the signed-in layout (router.tsx, guards.tsx). */
const OUTSIDE_LAYOUT = new Set([
  'forgot-password-page',
  'reset-password-page',
  'meeting-page',
  'first-password-change-page',
]);

/**
 * What a visitor who opens a lazy page first downloads, gzip: the entry and its imports, the
 * page's chunk and its static imports, and what lazyPage loads with every page (the catalogue's
 * after-sign-in texts) plus the signed-in layout for the pages inside it; each file once.
 */
export function routeFirstLoads(distDir = defaultDist()) {
  const manifest = readManifest(distDir);
  const keys = Object.keys(manifest);
  const entryKey = keys.find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const layoutKey = keys.find((key) => manifest[key]!.name === 'main-layout');
  const textsKey = keys.find((key) => manifest[key]!.name === 'after-sign-in');
  const gzipOf = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipOf.get(file);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
      gzipOf.set(file, size);
    }
    return size;
  };
  const pages = keys.filter(
    (key) => manifest[key]!.isDynamicEntry && /-page\.tsx$/.test(manifest[key]!.src ?? key),
  );
  return pages
    .map((key) => {
      const chunk = manifest[key]!;
      const name = chunk.name ?? key;
      const closure = staticClosure(manifest, entryKey, new Set());
      staticClosure(manifest, key, closure);
      if (textsKey) staticClosure(manifest, textsKey, closure);
      if (layoutKey && !OUTSIDE_LAYOUT.has(name)) staticClosure(manifest, layoutKey, closure);
      const files = [...closure].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
      const gzip = files.reduce((sum, file) => sum + gzipSize(file), 0);
      return { page: name, files: files.length, gzip };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

function reportSizes() {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const { rows, total, lazyChunks } = loginRouteJavaScript();
  console.log('JavaScript downloaded by the login route (gzip -9):');
  for (const row of rows) {
    console.log(`  ${row.file}  ${kb(row.raw)} raw, ${kb(row.gzip)} gzip`);
  }
  const loginOk = total <= LOGIN_JS_BUDGET_BYTES;
  console.log(
    `Total: ${kb(total)} gzip (budget ${kb(LOGIN_JS_BUDGET_BYTES)}${loginOk ? '' : ', OVER'}); ${lazyChunks} lazy chunks load after sign-in.`,
  );
  const routes = routeFirstLoads();
  console.log(
    `\nFirst load of each lazy page, JavaScript gzip -9 (entry + layout + texts + page, budget ${kb(ROUTE_JS_BUDGET_BYTES)}):`,
  );
  console.log('| page | files | gzip | within budget |');
  console.log('|---|---:|---:|---|');
  for (const route of routes) {
    const ok = route.gzip <= ROUTE_JS_BUDGET_BYTES;
    console.log(`| ${route.page} | ${route.files} | ${kb(route.gzip)} | ${ok ? 'yes' : 'NO'} |`);
  }
  const over = routes.filter((route) => route.gzip > ROUTE_JS_BUDGET_BYTES);
  return {
    login: { gzip: total, budget: LOGIN_JS_BUDGET_BYTES, met: loginOk },
    routes: routes.map((route) => ({ ...route, met: route.gzip <= ROUTE_JS_BUDGET_BYTES })),
    routesMet: over.length === 0,
  };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  // Builds dist/web when it is missing or older than the sources.
  execFileSync(
    process.execPath,
    [path.resolve(import.meta.dirname, '../scripts/ensure-web-build.ts')],
    {
      stdio: 'inherit',
    },
  );
  const sizes = reportSizes();
  if (!args.includes('--sizes-only')) {
    const { measurePages, missedTargets, REPORT_DIR, TARGETS, TRANSPORTS } = await import(
      './web-pages.ts'
    );
    const runs = Number(option('--runs') ?? 3);
    const only = option('--only')?.split(',');
    console.log(
      `\nLighthouse ${runs}× a page, mobile profile (simulated slow 4G, 4× CPU slowdown):`,
    );
    const transport = option('--transport') as Transport | undefined;
    const pages = await measurePages({
      runs,
      only,
      transports: transport ? [transport] : undefined,
    });
    console.log(
      `\nMedian run by performance score (targets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms):`,
    );
    console.log(
      '| page | transport | path | performance | accessibility | FCP s | LCP s | TBT ms | CLS | transfer KB | targets |',
    );
    console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const page of pages) {
      const missed = missedTargets(page);
      console.log(
        `| ${page.page} | ${page.transport} | ${page.path} | ${page.performance} | ${page.accessibility} | ${(page.fcpMs / 1000).toFixed(2)} | ${(page.lcpMs / 1000).toFixed(2)} | ${page.tbtMs} | ${page.cls} | ${(page.transferBytes / 1024).toFixed(0)} | ${missed.length ? `missed: ${missed.join('; ')}` : 'met'} |`,
      );
      if (missed.length) {
        console.log(
          `    failing audits: ${[...page.failingAudits.performance, ...page.failingAudits.accessibility].join(', ')}`,
        );
      }
    }
    const summary = {
      measuredAt: new Date().toISOString(),
      machine: `${os.cpus().length}× ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}`,
      chromium: execFileSync(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
      // What else ran shows here: Lighthouse's simulation multiplies the main thread's observed
      // times by 4, so a busy or slow host (benchmarkIndex under 1000, Lighthouse's own bar)
      // inflates TBT and LCP.
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
      lighthouse: 'mobile profile (default config): simulated throttling, slow 4G, 4× CPU',
      transports: TRANSPORTS,
      targets: TARGETS,
      javascript: sizes,
      pages,
    };
    const file = path.join(REPORT_DIR, 'summary.json');
    fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
    // Kept in the repository: written in the project's own format (npm run format:check).
    try {
      execFileSync(
        path.resolve(import.meta.dirname, '../node_modules/.bin/biome'),
        ['format', '--write', file],
        {
          stdio: 'ignore',
        },
      );
    } catch {
      // Formatting is a nicety; the figures are written either way.
    }
    console.log(
      `\nReports: ${path.relative(process.cwd(), REPORT_DIR)}/ (summary.json and one report a page)`,
    );
  }
}
