import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './vite-precompress';
import { treeShakeReactRouter } from './vite-tree-shake-react-router';
import { zodWithoutJsonSchema } from './vite-zod-without-json-schema';
// Relative, not @stg/domain: Vite loads its config with Node, which leaves packages' .ts sources unread.
import { API_ROOT } from '../../packages/domain/src/api/endpoint';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // precompress: .br and .gz beside each built file, served by content negotiation (ADR 0023).
  // zodWithoutJsonSchema: zod's JSON Schema converter left out of the browser's zod (ADR 0041).
  plugins: [react(), treeShakeReactRouter(), zodWithoutJsonSchema(), precompress()],
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server preloads a deep link's lazy page chunk from it (ADR 0025).
    manifest: true,
    // Browsers without <link rel="modulepreload"> (Safari before 17) still run the app, only without
    // the head start; the polyfill would cost the first bundle about 0.3 kB gzipped (ADR 0023).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Lazy chunks and assets named by their hash alone: the entry lists every lazy chunk's files for
        // preloading (about 80 names), and the names cost the landing page 0.6 kB gzipped (ADR 0023). The
        // manifest still maps each source to its file, for the server's preloads and for debugging.
        chunkFileNames: 'assets/c-[hash].js',
        assetFileNames: 'assets/a-[hash][extname]',
        codeSplitting: {
          // Everything the entry imports statically in one file (React, React Router, TanStack Query,
          // the shell and the landing page), which lazy chunks import from: rolldown otherwise makes
          // small shared chunks of it, and each separate file compresses worse (about 3 kB gzipped).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      // ws: the order confirmation socket (ordersApi.confirmations) goes through the same proxy.
      [API_ROOT]: { target: apiTarget, changeOrigin: false, ws: true },
      '/sandbox': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
});
