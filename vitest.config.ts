import { defineConfig } from 'vitest/config';

/**
 * One run, five projects. Everything but `unit` talks to the real Firebase
 * emulators, which tests/setup/emulators.ts starts once (or reuses; the
 * first project's setup starts them, the others find them running); each
 * project works in its own demo- project id so they never share data. Unit
 * tests need no emulator, so `vitest run --project unit` runs beside
 * `npm start`.
 */
const EMULATORS = 'tests/setup/emulators.ts';

/**
 * The browser files that run `npm start`'s stack (tests/e2e/live-site.ts) on
 * the live project rather than the prebuilt demo site: a project of their
 * own, so scripts/test.ts runs them beside the others.
 */
const LIVE_STACK_FILES = [
  'tests/e2e/available-now.test.ts',
  'tests/e2e/blog-publishing.test.ts',
  'tests/e2e/favorite-journeys.test.ts',
  'tests/e2e/first-alert.test.ts',
  'tests/e2e/leave-account.test.ts',
  'tests/e2e/membership-requests.test.ts',
  'tests/e2e/self-service.test.ts',
  'tests/e2e/trust.test.ts',
];

/** Both browser projects: one file at a time (they share a project and a site), and a browser's patience. */
const BROWSER_FILES = {
  poolOptions: { forks: { singleFork: true } },
  testTimeout: 60_000,
  hookTimeout: 300_000,
  // What a page shows after a Firestore round trip: vitest's 1 s default failed on a busy machine
  // (the fan's 推し list, loaded after sign-in), Playwright's own waits allow 30 s.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    // The default output, then the 10 slowest files (tests/setup/run-summary.ts).
    reporters: ['default', './tests/setup/run-summary.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // Some unit tests compute for a second or two (a property run, 3,000 seeded diaries): 5 s failed them
          // while the browser files had the machine, which is not what they test.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'rules',
          include: ['tests/rules/**/*.test.ts'],
          globalSetup: [EMULATORS],
          // Rule tests clear their project between tests: one file at a time, in one fork.
          poolOptions: { forks: { singleFork: true } },
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: [EMULATORS],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: LIVE_STACK_FILES,
          // The demo site is built once for all browser test files.
          globalSetup: [EMULATORS, 'tests/setup/e2e-site.ts'],
          ...BROWSER_FILES,
        },
      },
      {
        test: {
          name: 'e2e-live',
          include: LIVE_STACK_FILES,
          // Each file starts `npm start`'s loop on the live project (tests/e2e/live-site.ts): no demo site to build.
          globalSetup: [EMULATORS],
          ...BROWSER_FILES,
        },
      },
    ],
  },
});
