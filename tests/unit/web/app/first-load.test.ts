// The server names each signed-in page's scripts and first data from src/common/first-load.ts
// (plugins/web-boot.ts); the router loads the pages. The two must say the same page for a path.
import { expect, test } from 'vitest';
import { PAGE_FIRST_LOAD, SIGNED_IN_MODULES } from '#common/first-load.ts';
import { appRoutes } from '#web/app/paths.ts';

// Every source file of the web app by its path under src/web, as text (Vite reads them).
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('/src/web/**/*.{ts,tsx}', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([file, text]) => [file.replace('/src/web/', ''), text]),
);
const router = sources['app/router.tsx']!;

test('every page of the layout has its first load, and nothing else has one', () => {
  const routePaths = Object.values(appRoutes)
    .map((route) => route.path)
    .sort();
  expect(Object.keys(PAGE_FIRST_LOAD).sort()).toEqual(routePaths);
});

test("each path's page module is the one the router loads for that route", () => {
  for (const [name, route] of Object.entries(appRoutes)) {
    const { module } = PAGE_FIRST_LOAD[route.path]!;
    expect(sources[module], module).toBeDefined();
    // pages.<name>: lazyPage('…', () => import('#web/<module>'))
    const entry = new RegExp(
      `\\b${name}: lazyPage\\(\\s*'[\\w-]+',\\s*\\(\\) => import\\('#web/([^']+)'\\)`,
    );
    expect(router.match(entry)?.[1], name).toBe(module);
  }
});

test('the layout and the after-sign-in texts are what the router loads with every page', () => {
  for (const module of SIGNED_IN_MODULES) {
    expect(sources[module], module).toBeDefined();
  }
  expect(router).toContain("import('./layout/main-layout.tsx')");
  expect(sources['lib/lazy-page.ts']).toContain("import('#web/i18n/after-sign-in.ts')");
});
