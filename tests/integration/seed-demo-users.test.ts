/**
 * The seed's demo sign-in users (scripts/seed/write.ts, writeDemoUsers) on
 * the real Auth emulator. Seeds of many projects share its browser project,
 * and a password set again revokes every session of that user: a seed must
 * leave a user already as wanted alone (a browser signed in as her in
 * another process stays signed in), and reset one that differs. Its own
 * users, never the README's demo accounts, which browser tests are signed
 * in as while this file runs.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emulatorBrowserAuth } from '../../scripts/lib/admin';
import { emulatorHost } from '../../scripts/lib/project';
import type { DemoUser } from '../../scripts/seed/generate';
import { writeDemoUsers } from '../../scripts/seed/write';

const unique = randomUUID().slice(0, 8);
const USER: DemoUser = {
  uid: `seed-test-${unique}`,
  email: `seed-test-${unique}@example.test`,
  password: 'seed-test-password',
  displayName: 'シード確認',
  role: 'therapist',
};
const auth = emulatorBrowserAuth();
const identityToolkit = (method: string) => `http://${emulatorHost('auth')}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test`;

/** A browser's sign-in: its ID token. */
async function signIn(password = USER.password): Promise<string> {
  const response = await fetch(identityToolkit('signInWithPassword'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: USER.email, password, returnSecureToken: true }),
  });
  expect(response.status, 'sign-in').toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** What Firebase's client asks at each page load of a signed-in session (a 400 signs it out). */
async function sessionStatus(idToken: string): Promise<number> {
  const response = await fetch(identityToolkit('lookup'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  return response.status;
}

describe('the seed’s demo users', () => {
  it('creates a missing user, leaves a signed-in one as she is, and resets one that differs', async () => {
    await writeDemoUsers(auth, [USER]);
    const session = await signIn();
    expect(await sessionStatus(session)).toBe(200);

    // Another process's seed, a second later (a session ends only for a change after the second it began): nothing
    // to change, so her session goes on.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await writeDemoUsers(auth, [USER]);
    expect(await sessionStatus(session)).toBe(200);

    // A password set again ends her sessions: what the seed must not do needlessly.
    await auth.updateUser(USER.uid, { password: 'changed-elsewhere' });
    expect(await sessionStatus(session)).toBe(400);

    // Changed since the last seed (her password, her name): the seed puts her back as the README lists her.
    await auth.updateUser(USER.uid, { displayName: '別名' });
    await writeDemoUsers(auth, [USER]);
    const user = await auth.getUser(USER.uid);
    expect([user.displayName, user.emailVerified]).toEqual([USER.displayName, true]);
    expect(await sessionStatus(await signIn())).toBe(200);
    await auth.deleteUser(USER.uid);
  });
});
