import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.ts';
import { routeModules } from './routeModules.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * @rjsf/core's components import markdown-to-jsx statically, although they render markdown only
 * when a ui schema enables it or for a schema they cannot show. Their import is pointed at
 * src/vendor/MarkdownOnDemand.tsx, which loads the same component on first use, so a wizard route
 * does not download the parser.
 */
function markdownOnDemand(): Plugin {
  const shim = fileURLToPath(new URL('./src/vendor/MarkdownOnDemand.tsx', import.meta.url));
  return {
    name: 'markdown-on-demand',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'markdown-to-jsx/react' || !importer) return null;
      return /[\\/]node_modules[\\/]@rjsf[\\/]core[\\/]/.test(importer) ? shim : null;
    },
  };
}

/**
 * @rjsf/utils imports fast-uri for two calls (resolve, equal) on schemas with `$id`s; the build
 * points that import at src/vendor/uriResolver.ts, which uses the browser's URL parser.
 */
function smallUriResolver(): Plugin {
  const shim = fileURLToPath(new URL('./src/vendor/uriResolver.ts', import.meta.url));
  return {
    name: 'small-uri-resolver',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'fast-uri' || !importer) return null;
      return /[\\/]node_modules[\\/]@rjsf[\\/]utils[\\/]/.test(importer) ? shim : null;
    },
  };
}

/**
 * React Router 7's package exports name only its development build, whose dev warnings are on
 * (upstream issue remix-run/react-router#14102); the production build beside it differs only in
 * `ENABLE_DEV_WARNINGS = false`. The production bundle takes that one.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};

export default defineConfig(({ command }) => ({
  root,
  resolve: { alias: command === 'build' ? [reactRouterProduction] : [] },
  plugins: [markdownOnDemand(), smallUriResolver(), react(), routeModules(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // Everything the entry imports statically in one chunk with it: every page needs it, and
    // under a 150 ms round trip two dozen small files on six connections took longer than their
    // bytes (bike route 39 -> 18 scripts, 6.7 KB less gzip). main.tsx has no top-level await for
    // that reason: a lazy chunk the start awaits (the frame channel) imports from this chunk.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'start', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { port: 4600, proxy: { '/api': 'http://127.0.0.1:4601' } },
}));
