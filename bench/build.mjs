// Builds each bench page alone with Vite (its own root under bench/pages/<name>/, output in a temp
// folder) and serves the builds with `vite preview` on 127.0.0.1.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import react from '@vitejs/plugin-react';

const pagesDir = fileURLToPath(new URL('./pages/', import.meta.url));

/** Whether @rjsf/validator-ajv8 is installed (the rjsf pages need it; else a stand-in is used). */
export function hasAjv8Validator() {
  try {
    createRequire(import.meta.url).resolve('@rjsf/validator-ajv8');
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds one page. `flowsDir` holds the generated flows (bench/flow/generate.ts); `minify: false`
 * keeps function names for a readable CPU profile.
 */
export async function buildPage(name, outDir, { flowsDir, minify = true }) {
  const alias = { 'virtual:bench-flows': join(flowsDir, 'index.js') };
  if (!hasAjv8Validator())
    alias['@rjsf/validator-ajv8'] = join(pagesDir, 'shared', 'ajv8Fallback.ts');
  const started = performance.now();
  await build({
    configFile: false,
    root: join(pagesDir, name),
    logLevel: 'error',
    mode: 'production',
    plugins: [react()],
    resolve: { alias },
    build: { outDir, emptyOutDir: true, minify, reportCompressedSize: false, target: 'es2022' },
  });
  return performance.now() - started;
}

/** Serves a built page with `vite preview` on a free loopback port; returns its URL and closer. */
export async function servePage(outDir) {
  const server = await preview({
    configFile: false,
    root: outDir,
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => server.close(),
  };
}
