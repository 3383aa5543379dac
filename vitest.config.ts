// Unit and integration tests (Node). Component tests opt into happy-dom per file.
// End-to-end tests are Playwright's (test/e2e) and benchmarks are `npm run bench`.
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vue()],
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/gateway/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
