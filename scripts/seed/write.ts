/**
 * Writes generated seed documents into Firestore (validated against the
 * collection schemas first, so a bad generator never writes anything) and
 * creates the demo sign-in users in Auth.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { schemaForPath } from '../../src/registry/firestore-schemas';
import { DEMO_USERS, type DemoUser } from './generate';
import type { SeedDoc } from './seed-doc';

/** Dates become Timestamps, recursively, as Firestore would store them. */
export function toFirestoreValues(value: unknown): unknown {
  if (value instanceof Date) return Timestamp.fromDate(value);
  if (Array.isArray(value)) return value.map(toFirestoreValues);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toFirestoreValues(v)]));
  }
  return value;
}

/** One document as Firestore will store it, checked against its collection's schema; throws naming it when bad. */
function checked({ path, data }: SeedDoc): { path: string; data: Record<string, unknown> } {
  const schema = schemaForPath(path);
  if (!schema) throw new Error(`Seed document ${path}: no schema for its collection.`);
  const converted = toFirestoreValues(data) as Record<string, unknown>;
  const result = schema.safeParse(converted);
  if (!result.success) {
    throw new Error(`Seed document ${path} is invalid: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return { path, data: converted };
}

/** Validates every document; throws naming the first bad one. */
export function validateSeed(docs: readonly SeedDoc[]): { path: string; data: Record<string, unknown> }[] {
  return docs.map(checked);
}

/** Writes queued before waiting for them: a scale seed (300,000 documents) never holds them all in the writer at once. */
const WRITES_PER_FLUSH = 5000;

export async function writeSeed(db: Firestore, docs: readonly SeedDoc[], onProgress?: (written: number) => void) {
  // Every document is checked before the first write, without keeping a converted copy of them all.
  for (const doc of docs) checked(doc);
  // The default ramp-up (500 writes/s at first) is for live projects; the seed writes as fast as the target takes.
  const writer = db.bulkWriter({ throttling: false });
  let written = 0;
  writer.onWriteResult(() => {
    written++;
    if (onProgress && written % 5000 === 0) onProgress(written);
  });
  let queued = 0;
  for (const { path, data } of docs) {
    void writer.set(db.doc(path), toFirestoreValues(data) as Record<string, unknown>);
    if (++queued % WRITES_PER_FLUSH === 0) await writer.flush();
  }
  await writer.close();
  return written;
}

/**
 * Creates the demo sign-in users with verified emails, or resets one that
 * differs. Seeds of several projects share the emulator's browser project
 * (scripts/lib/project.ts), and setting a password revokes every session of
 * that user (Auth's validSince): a user already as wanted, her password
 * included, is left alone, so a browser signed in as her elsewhere (another
 * test process's) stays signed in.
 */
export async function writeDemoUsers(auth: Auth, users: readonly DemoUser[] = DEMO_USERS): Promise<void> {
  for (const user of users) {
    const fields = { email: user.email, displayName: user.displayName, emailVerified: true };
    const existing = await auth.getUser(user.uid).catch(() => undefined);
    if (!existing) {
      // Created meanwhile by a seed of another project: the same user.
      await auth.createUser({ uid: user.uid, ...fields, password: user.password }).catch((error: { code?: string }) => {
        if (error.code !== 'auth/uid-already-exists') throw error;
      });
      continue;
    }
    const asWanted = existing.email === fields.email && existing.displayName === fields.displayName && existing.emailVerified;
    if (asWanted && (await emulatorSignsIn(user.email, user.password))) continue;
    await auth.updateUser(user.uid, { ...fields, password: user.password });
  }
}

/** Whether the Auth emulator signs this email in with this password (a sign-in revokes no session). */
async function emulatorSignsIn(email: string, password: string): Promise<boolean> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) return false;
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-seed`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return response.ok;
}
