import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc, runTransaction, serverTimestamp, updateDoc, writeBatch } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { slugDocFor, storeDocFor, suspensionDocFor, therapistDoc } from '../factories/documents';
import { daysAgo } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * The sign-up transaction exactly as the client writes it, signed in as the
 * brand-new uid with an unverified email, and the ways a hand-made request
 * could bend it. Only the rules stand between those and the data.
 */
const env = useRulesEnvironment();
type Kind = 'therapist' | 'store';
const newUser = (uid: string) => env().authenticatedContext(uid).firestore();
type Db = ReturnType<typeof newUser>;

function firstProfile(uid: string, kind: Kind, slug: string, area: string = '新宿') {
  const common = { userId: uid, profileSlug: slug, photo: '', area, channels: {}, published: false };
  const stamps = { createdAt: serverTimestamp(), updatedAt: serverTimestamp() };
  return kind === 'therapist'
    ? { ...common, displayName: 'みう', bio: '', tags: [], ...stamps }
    : {
        ...common,
        displayName: '',
        storeName: 'アロマ新宿',
        description: '',
        address: '',
        nearestStation: '',
        hours: '',
        website: '',
        ...stamps,
      };
}

/**
 * The client's registration. `slugKind` and `profileSlug` let a test bend
 * what a hand-made request would write; `checkSlug: false` skips the
 * client's own availability check so the rules alone decide.
 */
async function register(
  db: Db,
  uid: string,
  kind: Kind,
  slug: string,
  {
    checkSlug = true,
    slugKind = kind,
    profileSlug = slug,
    area,
  }: { checkSlug?: boolean; slugKind?: Kind; profileSlug?: string; area?: string } = {},
) {
  await runTransaction(db, async (tx) => {
    const slugRef = doc(db, 'slugs', slug);
    if (checkSlug && (await tx.get(slugRef)).exists()) throw new Error('slug taken');
    tx.set(slugRef, { userId: uid, kind: slugKind, releasedAt: null });
    tx.set(doc(db, kind === 'therapist' ? 'accounts' : 'stores', uid), firstProfile(uid, kind, profileSlug, area));
    tx.set(doc(db, 'users', uid), { createdAt: serverTimestamp() });
  });
}

describe.each(['therapist', 'store'] as const)('registering a %s', (kind) => {
  const otherCollection = kind === 'therapist' ? 'stores' : 'accounts';

  it('succeeds, and the new user then reads what the client reads', async () => {
    const db = newUser('alice');
    await assertSucceeds(register(db, 'alice', kind, 'miu-shinjuku'));
    await assertSucceeds(getDoc(doc(db, 'users', 'alice')));
    await assertSucceeds(getDoc(doc(db, 'accounts', 'alice')));
    await assertSucceeds(getDoc(doc(db, 'stores', 'alice')));
    await assertSucceeds(updateDoc(doc(db, 'users', 'alice'), { lastCheckedAnnouncementsAt: serverTimestamp() }));
  });

  it('stops in the client when the slug is taken', async () => {
    await seed(env(), { 'slugs/miu-shinjuku': slugDocFor('bob') });
    await expect(register(newUser('alice'), 'alice', kind, 'miu-shinjuku')).rejects.toThrow('slug taken');
  });

  it('is refused when the slug is taken by someone else and the client check is skipped', async () => {
    await seed(env(), { 'slugs/miu-shinjuku': slugDocFor('bob') });
    await assertFails(register(newUser('alice'), 'alice', kind, 'miu-shinjuku', { checkSlug: false }));
  });

  it('is refused when the slug doc is not the slug the profile names', async () => {
    await assertFails(register(newUser('alice'), 'alice', kind, 'miu-shinjuku', { profileSlug: 'miu-ikebukuro' }));
  });

  it('succeeds with その他, the area for everywhere else', async () => {
    await assertSucceeds(register(newUser('alice'), 'alice', kind, 'miu-shinjuku', { area: 'その他' }));
  });

  it.each(['..', 'a/b', '%2F', '新宿駅', '新宿 ', 'ｼﾝｼﾞｭｸ', '梅⽥'])(
    'is refused with the area %j (not of the vocabulary)',
    async (area) => {
      await assertFails(register(newUser('alice'), 'alice', kind, 'miu-shinjuku', { area }));
    },
  );

  it('is refused when the slug is reserved for the other kind', async () => {
    const slugKind = kind === 'therapist' ? 'store' : 'therapist';
    await assertFails(register(newUser('alice'), 'alice', kind, 'miu-shinjuku', { slugKind }));
  });

  it(`is refused when ${otherCollection}/{uid} already exists`, async () => {
    const other = kind === 'therapist' ? storeDocFor('alice') : therapistDoc('alice');
    await seed(env(), {
      [`${otherCollection}/alice`]: other,
      [`slugs/${other.profileSlug}`]: slugDocFor('alice', kind === 'therapist' ? 'store' : 'therapist'),
    });
    await assertFails(register(newUser('alice'), 'alice', kind, 'miu-shinjuku'));
  });
});

it('refuses creating both accounts/{uid} and stores/{uid} in one batch', async () => {
  const db = newUser('alice');
  const batch = writeBatch(db);
  batch.set(doc(db, 'slugs', 'miu-therapist'), { userId: 'alice', kind: 'therapist', releasedAt: null });
  batch.set(doc(db, 'accounts', 'alice'), firstProfile('alice', 'therapist', 'miu-therapist'));
  batch.set(doc(db, 'slugs', 'miu-store'), { userId: 'alice', kind: 'store', releasedAt: null });
  batch.set(doc(db, 'stores', 'alice'), firstProfile('alice', 'store', 'miu-store'));
  await assertFails(batch.commit());
});

it('changes a slug in one transaction: reserve the new, point the profile at it, release the old and list it as held', async () => {
  const db = newUser('alice');
  await register(db, 'alice', 'therapist', 'miu-shinjuku');
  await assertSucceeds(
    runTransaction(db, async (tx) => {
      if ((await tx.get(doc(db, 'slugs', 'miu-ikebukuro'))).exists()) throw new Error('slug taken');
      tx.set(doc(db, 'slugs', 'miu-ikebukuro'), { userId: 'alice', kind: 'therapist', releasedAt: null });
      tx.update(doc(db, 'accounts', 'alice'), { profileSlug: 'miu-ikebukuro', updatedAt: serverTimestamp() });
      tx.update(doc(db, 'slugs', 'miu-shinjuku'), { userId: 'alice', kind: 'therapist', releasedAt: serverTimestamp() });
      tx.set(doc(db, 'slugHolds', 'alice'), { slugs: ['miu-shinjuku'] });
    }),
  );
});

it('registers with a slug released over 30 days ago (an update of the held doc)', async () => {
  await seed(env(), { 'slugs/miu-shinjuku': { ...slugDocFor('bob'), releasedAt: daysAgo(31) } });
  await assertSucceeds(register(newUser('alice'), 'alice', 'therapist', 'miu-shinjuku', { checkSlug: false }));
});

it('is refused registering with a slug released 10 days ago by someone else', async () => {
  await seed(env(), { 'slugs/miu-shinjuku': { ...slugDocFor('bob'), releasedAt: daysAgo(10) } });
  await assertFails(register(newUser('alice'), 'alice', 'therapist', 'miu-shinjuku', { checkSlug: false }));
});

it('is refused for a suspended uid', async () => {
  await seed(env(), { 'suspensions/alice': suspensionDocFor() });
  await assertFails(register(newUser('alice'), 'alice', 'therapist', 'miu-shinjuku'));
});
