import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './vite-precompress';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // precompress: .br and .gz beside each built file, served by content negotiation (ADR 0023).
  plugins: [react(), precompress()],
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server preloads a deep link's lazy page chunk from it (ADR 0025).
    manifest: true,
  },
  server: {
    proxy: {
      // ws: the order confirmation socket (/api/cable) goes through the same proxy.
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/sandbox': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
});
