import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app's root is src/web; `vite build` writes dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
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
