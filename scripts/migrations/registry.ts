/**
 * The data migrations, in order (./migration.ts says what one is). Data migrations: each brings stored documents written by older code up
 * to the shape the rules and schemas now demand (an area from the
 * vocabulary, the store request moved out of the public profile, …). A
 * migration is idempotent (it rewrites only documents that still need it),
 * runs once per project (scripts/migrate.ts records it in
 * migrations/{id}, which only trusted code reads or writes), and writes as
 * firebase-admin, bypassing the rules it exists to satisfy.
 */
import { areaVocabulary } from './2026-11-area-vocabulary';
import { privateStoreRequests } from './2026-11-private-store-requests';
import { frozenConfirmedBy } from './frozen-confirmed-by';
import type { Migration } from './migration';
import { slugHolds } from './slug-holds';

/** In the order they run. Append; never reorder or remove a shipped one. */
export const MIGRATIONS: readonly Migration[] = [areaVocabulary, privateStoreRequests, frozenConfirmedBy, slugHolds];
