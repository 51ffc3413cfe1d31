import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Every text file of the build beside its brotli (.br) and gzip (.gz) forms, made once here at the
 * highest levels, which the server sends to browsers that accept them (src/server/plugins/
 * web-app.ts, preCompressed): a phone on a slow network downloads a quarter of the bytes, and the
 * server compresses nothing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'edu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter(
          (entry) => entry.isFile() && /\.(js|css|svg|json|txt|webmanifest)$/.test(entry.name),
        )
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const content = fs.readFileSync(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: 9 }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** Our modules whose import does something: registers texts, sets up dayjs, starts the app. */
const WITH_SIDE_EFFECTS = [
  '/src/web/i18n/after-sign-in.ts',
  '/src/web/lib/dates.ts',
  '/src/web/main.tsx',
];

// The web app's root is src/web; `vite build` writes dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Our own modules (src/web, src/common) do nothing on import but define what they export,
      // except the few listed (found by looking for top-level statements that are not
      // declarations): said so, a page that takes one hook from a feature's index.ts no longer
      // downloads and runs every dialog and form the feature exports. CSS and packages keep their
      // own declarations.
      treeshake: {
        moduleSideEffects: (id) => {
          if (!/\/src\/(web|common)\/.+\.tsx?$/.test(id)) return undefined;
          return WITH_SIDE_EFFECTS.some((file) => id.endsWith(file));
        },
      },
      output: {
        // What the login route needs (every module the entry imports statically) as one chunk
        // beside the entry, instead of the handful of shared chunks the automatic split makes
        // of it: fewer files and one gzip stream keep the first download small (check:budgets).
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
        // The chunks shared by pages named by their hash alone: the entry lists every chunk each
        // lazy page needs (so they load together), and their names were ~1 KB of its download.
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
});
