// Vite build of the console. Assets use relative URLs ("./assets/...") resolved against the page's
// <base href>, which the console server rewrites when it serves the app under a sub-path, so one
// build works at "/" and behind "/api/proxy/..." prefixes alike.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    // `npm run dev -w @coffer/web` against a console server on :9090.
    proxy: { '/api': { target: process.env.COFFER_CONSOLE_URL ?? 'http://127.0.0.1:9090', ws: true } },
  },
});
