/** Each test project works in its own demo- project, so their data never mix. */
export const TEST_PROJECTS = {
  rules: 'demo-theralink-rules',
  integration: 'demo-theralink-integration',
  /** Erasing an account (tests/integration/erase-account.test.ts). */
  erase: 'demo-theralink-erase',
  e2e: 'demo-theralink-e2e',
  /** The self-service browser tests: npm start's rebuild loop on its own data. */
  live: 'demo-theralink-live',
  /** Integration files that clear their own data while export.test.ts clears the shared one. */
  exportMalformed: 'demo-theralink-export-malformed',
  exportTrust: 'demo-theralink-export-trust',
  moderate: 'demo-theralink-moderate',
  exportIncremental: 'demo-theralink-export-incremental',
  /** The area-vocabulary migration (scripts/migrations/2026-11-area-vocabulary.ts). */
  areaMigration: 'demo-theralink-area-migration',
  /** The store-request migration and `npm run migrate` (scripts/migrations/2026-11-private-store-requests.ts). */
  migrations: 'demo-theralink-migrations',
  /** The store-badge and slug-hold migrations (scripts/migrations/). */
  migrateTrust: 'demo-theralink-migrate-trust',
  /** The cycle fuzzer (tests/fuzz/cycle.ts, tests/integration/fuzz-cycle.test.ts, `npm run fuzz`). */
  fuzz: 'demo-theralink-fuzz',
  /** The seed built on one machine and as shards (tests/integration/sharded-build.test.ts). */
  sharded: 'demo-theralink-sharded',
} as const;
