import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup/matchers.ts'],
    globalSetup: ['tests/setup/databaseTemplate.ts'],
    testTimeout: 20_000,
    reporters: process.env['CI_REPORT'] ? ['default', 'json'] : ['default'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
