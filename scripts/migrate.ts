/**
 * `npm run migrate [-- --allow-production]`: runs the data migrations
 * (scripts/migrations/registry.ts) that this project has not run yet, in
 * order, and records each in migrations/{id} once it finished. `npm start`
 * runs it after loading saved emulator data (data saved by older code), the
 * production workflow before each export; with nothing to do it costs one
 * read. A migration that fails stops the run; it is retried next time
 * (each is idempotent).
 */
import { parseArgs } from 'node:util';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { adminDb } from './lib/admin';
import { isMain } from './lib/cli';
import { chooseWriteTarget } from './lib/write-target';
import type { Migration } from './migrations/migration';
import { MIGRATIONS } from './migrations/registry';

/** Where finished migrations are recorded (trusted code only: the rules open nothing here). */
export const MIGRATIONS_COLLECTION = 'migrations';

export interface MigrateOptions {
  db?: Firestore;
  migrations?: readonly Migration[];
  log?: (line: string) => void;
}

/** Runs the migrations not recorded yet; returns the ids it ran. */
export async function runMigrations(options: MigrateOptions = {}): Promise<string[]> {
  const db = options.db ?? adminDb();
  const migrations = options.migrations ?? MIGRATIONS;
  const log = options.log ?? ((line: string) => console.log(line));
  if (migrations.length === 0) return [];
  const done = new Set((await db.collection(MIGRATIONS_COLLECTION).select().get()).docs.map((doc) => doc.id));
  const ran: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.id)) continue;
    const started = performance.now();
    const result = await migration.run(db);
    await db
      .collection(MIGRATIONS_COLLECTION)
      .doc(migration.id)
      .set({ doneAt: FieldValue.serverTimestamp(), read: result.read, written: result.written });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`[migrate] ${migration.id}: ${migration.describe} (${result.read} read, ${result.written} written, ${seconds} s)`);
    ran.push(migration.id);
  }
  return ran;
}

if (isMain(import.meta.url)) {
  let allowProduction: boolean;
  try {
    const { values } = parseArgs({ options: { 'allow-production': { type: 'boolean', default: false } }, strict: true });
    allowProduction = values['allow-production'];
  } catch (error) {
    console.error(`引数を読み取れません（${(error as Error).message}）。\n使い方: npm run migrate [-- --allow-production]`);
    process.exit(2);
  }
  await chooseWriteTarget(allowProduction);
  try {
    const ran = await runMigrations();
    console.log(ran.length === 0 ? 'No migration to run.' : `${ran.length} migrations run.`);
    process.exit(0);
  } catch (error) {
    console.error(`Migration failed (it runs again next time): ${(error as Error).message}`);
    process.exit(1);
  }
}
