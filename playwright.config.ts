import { defineConfig, devices } from '@playwright/test';

const PORT = 4179;
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  forbidOnly: CI,
  retries: 0,
  workers: CI ? 1 : 2,
  reporter: 'list',
  timeout: 90_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Playwright never downloads a browser here: Debian's chromium (scripts/ensure-chromium.mjs).
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          // Playwright adds --headless and --no-sandbox itself; the machine has no network.
          args: ['--disable-quic', '--use-angle=swiftshader'],
        },
      },
    },
  ],
  webServer: {
    command: `npx vite build && npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
