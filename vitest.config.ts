import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup/matchers.ts'],
    testTimeout: 20_000,
    // Vitest's default on a 2-core machine is one worker, which runs every file in turn. Server test
    // files each bring their own embedded database (or PostgreSQL schema), so two workers are safe.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    reporters: process.env['CI_REPORT'] ? ['default', 'json'] : ['default'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
