import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { studioEndpoints } from './devEndpoints.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run studio`: the authoring studio in the Vite dev server only (it has no build). */
export default defineConfig({
  root,
  plugins: [react(), studioEndpoints(repositoryRoot)],
  server: {
    port: Number(process.env['STUDIO_PORT'] ?? 4754),
    strictPort: true,
    fs: { allow: [repositoryRoot] },
  },
  optimizeDeps: {
    entries: ['src/main.tsx'],
  },
});
