// Vite build of the console. Assets use relative URLs ("./assets/...") resolved against the page's
// <base href>, which the console server rewrites when it serves the app under a sub-path, so one
// build works at "/" and behind "/api/proxy/..." prefixes alike.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  plugins: [react()],
  // The contract's zod-free browser entry, from its sources (no contract build needed first).
  resolve: {
    alias: [
      {
        find: /^@coffer\/contract\/client$/,
        replacement: fileURLToPath(new URL('../contract/src/client.ts', import.meta.url)),
      },
    ],
  },
  // Screens are split off by `lazyScreen` (React.lazy); the entry is the shell (React, Mantine,
  // the router, TanStack Query), about 145 KB gzipped — hence a warning limit above the default
  // 500 KB minified. `npm run bench:bundle` measures the initial load (docs/performance.md).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    // `npm run dev -w @coffer/web` against a console server on :9090.
    proxy: { '/api': { target: process.env.COFFER_CONSOLE_URL ?? 'http://127.0.0.1:9090', ws: true } },
  },
});
