/**
 * One rules-test environment against the Firestore emulator, loading the
 * project's firestore.rules. Tests seed with rules disabled and act as
 * signed-out, owner or other users.
 */
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { EMULATORS } from '../../scripts/lib/project';
import { TEST_PROJECTS } from '../setup/projects';

/**
 * RULES_FILE and RULES_PROJECT_ID let the mutation check (tests/rules/mutation/)
 * run the same tests against a broken copy of the rules in a project of its
 * own, without touching firestore.rules.
 */
const RULES_FILE = process.env.RULES_FILE || 'firestore.rules';
const PROJECT_ID = process.env.RULES_PROJECT_ID || TEST_PROJECTS.rules;

export function useRulesEnvironment(): () => RulesTestEnvironment {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    // Denied requests are the expected outcome here; keep the SDK from logging each one.
    setLogLevel('silent');
    env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: {
        rules: readFileSync(RULES_FILE, 'utf8'),
        host: EMULATORS.firestore.host,
        port: EMULATORS.firestore.port,
      },
    });
  });
  beforeEach(async () => {
    await env.clearFirestore();
  });
  afterAll(async () => {
    await env?.cleanup();
  });
  return () => env;
}

/** Writes documents bypassing the rules. */
export async function seed(env: RulesTestEnvironment, docs: Record<string, Record<string, unknown>>) {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await Promise.all(Object.entries(docs).map(([path, data]) => db.doc(path).set(data)));
  });
}
