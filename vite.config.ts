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
      output: {
        // What the login route needs (every module the entry imports statically) as one chunk
        // beside the entry, instead of the handful of shared chunks the automatic split makes
        // of it: fewer files and one gzip stream keep the first download small (check:budgets).
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
});
