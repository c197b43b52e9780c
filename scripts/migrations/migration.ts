/** What a data migration is (the list of them: ./registry.ts). */
import type { Firestore } from 'firebase-admin/firestore';

export interface MigrationResult {
  /** Documents read. */
  read: number;
  /** Documents written or deleted. */
  written: number;
}

export interface Migration {
  /** Stable, dated id: `2026-11-area-vocabulary`. Never renamed once shipped. */
  id: string;
  /** One line for the log, in English (the operator's terminal). */
  describe: string;
  run(db: Firestore): Promise<MigrationResult>;
}
