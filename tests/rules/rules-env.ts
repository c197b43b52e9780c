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

export function useRulesEnvironment(): () => RulesTestEnvironment {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    // Denied requests are the expected outcome here; keep the SDK from logging each one.
    setLogLevel('silent');
    env = await initializeTestEnvironment({
      projectId: TEST_PROJECTS.rules,
      firestore: {
        rules: readFileSync('firestore.rules', 'utf8'),
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
