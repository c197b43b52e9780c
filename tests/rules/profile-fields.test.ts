import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, deleteField, doc, serverTimestamp, setDoc, Timestamp, updateDoc, writeBatch } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { slugDocFor, slugHoldsDocFor, storeDocFor, therapistDoc } from '../factories/documents';
import { AREAS } from '../../src/lib/areas';
import { NOT_AREAS } from '../fixtures/not-areas';
import { newProfile, PROFILE_CASES, without } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * Field validation for accounts and stores, always as the owner alice, so a
 * refusal is the field's fault and never the role's. Each refusal has an
 * accepted twin (the first test of its block) that differs only in the field.
 */
const env = useRulesEnvironment();
const alice = () => env().authenticatedContext('alice').firestore();
const verifiedAlice = () => env().authenticatedContext('alice', { email_verified: true }).firestore();

describe.each(PROFILE_CASES)('$collectionName fields', ({ collectionName, kind, make, otherCollection, otherKind, makeOther }) => {
  const slug = make('alice').profileSlug as string;
  const profile = (db = alice()) => doc(db, collectionName, 'alice');

  describe('on create', () => {
    const create = (overrides: Record<string, unknown> = {}, db = alice()) => setDoc(profile(db), newProfile(make, 'alice', overrides));

    beforeEach(() => seed(env(), { [`slugs/${slug}`]: slugDocFor('alice', kind) }));

    it('accepts a valid unpublished profile with a slug reserved to the uid', async () => {
      await assertSucceeds(create());
    });
    it('refuses an unknown key', async () => {
      await assertFails(create({ role: 'admin' }));
    });
    it('refuses a missing key', async () => {
      await assertFails(setDoc(profile(), without(newProfile(make, 'alice'), 'area')));
    });
    it('refuses a wrong type', async () => {
      await assertFails(create({ published: 'false' }));
    });
    it('refuses a too-long displayName', async () => {
      await assertFails(create({ displayName: 'あ'.repeat(41) }));
    });
    it('refuses an empty area', async () => {
      await assertFails(create({ area: '' }));
    });
    it.each(AREAS)('accepts the area %s (of the vocabulary)', async (area) => {
      await assertSucceeds(create({ area }));
    });
    it.each(NOT_AREAS)('refuses the area %j (not of the vocabulary: a path, an encoding, a variant or a lookalike)', async (area) => {
      await assertFails(create({ area }));
    });
    it.each(['avatars/alice/0.webp', 'avatars/alice/1.jpg', 'avatars/alice/0.png', ''])(
      'accepts the photo %j (her own Storage path or none)',
      async (photo) => {
        await assertSucceeds(create({ photo }));
      },
    );
    it.each([
      'https://example.com/a.jpg',
      'http://127.0.0.1:9199/v0/b/demo-theralink.appspot.com/o/avatars%2Falice%2F0.webp?alt=media',
      'avatars/bob/0.webp',
      'avatars/alice/2.webp',
      'avatars/alice/0.gif',
      'avatars/alice/0.webp?x',
      'avatars/alice/x/0.webp',
      '/avatars/alice/0.webp',
      'avatars/alice/0xwebp',
      'avatars/alic/0.webp',
    ])('refuses the photo %j (a URL, another uid, or not one of her two names)', async (photo) => {
      await assertFails(create({ photo }));
    });
    it('refuses the old photoURL key', async () => {
      await assertFails(setDoc(profile(), { ...without(newProfile(make, 'alice'), 'photo'), photoURL: '' }));
    });
    it('refuses an unknown channel', async () => {
      await assertFails(create({ channels: { myspace: 'miu' } }));
    });
    it('refuses an X handle that is not in stored form', async () => {
      await assertFails(create({ channels: { x: '@Miu' } }));
    });
    it('accepts every known channel in stored form, the X handle reserved in the same write', async () => {
      const channels = {
        x: 'miu_new',
        bluesky: 'miu.bsky.social',
        instagram: 'miu.i',
        tiktok: 'miu_t',
        litlink: 'miu-l',
        website: 'https://miu.example',
      };
      const db = alice();
      const batch = writeBatch(db);
      batch.set(profile(db), newProfile(make, 'alice', { channels }));
      batch.set(doc(db, 'currentHandles', 'x_miu_new'), { userId: 'alice' });
      await assertSucceeds(batch.commit());
    });
    it.each(['@Miu', 'Miu', 'miu!', 'a234567890123456', ''])(
      'refuses the X handle %j even reserved under that id in the same write',
      async (x) => {
        const db = alice();
        const batch = writeBatch(db);
        batch.set(profile(db), newProfile(make, 'alice', { channels: { x } }));
        batch.set(doc(db, 'currentHandles', `x_${x}`), { userId: 'alice' });
        await assertFails(batch.commit());
      },
    );
    it('refuses a current X handle that is not reserved to her', async () => {
      await assertFails(create({ channels: { x: 'miu_new' } }));
    });
    it('accepts the channels other than X without any reservation', async () => {
      await assertSucceeds(create({ channels: { bluesky: 'miu.bsky.social', website: 'https://miu.example' } }));
    });
    it('refuses channels that are not a map', async () => {
      await assertFails(create({ channels: 'miu_new' }));
    });
    it('refuses a userId other than the uid', async () => {
      await assertFails(create({ userId: 'bob' }));
    });
    it('refuses a client-supplied createdAt', async () => {
      await assertFails(create({ createdAt: Timestamp.now() }));
    });
    it('refuses a client-supplied updatedAt', async () => {
      await assertFails(create({ updatedAt: Timestamp.now() }));
    });
    it('refuses publishing without a verified email', async () => {
      await assertFails(create({ published: true }));
    });
    it('accepts publishing with a verified email', async () => {
      await assertSucceeds(create({ published: true }, verifiedAlice()));
    });
    it('refuses a slug nobody reserved', async () => {
      await assertFails(create({ profileSlug: 'nobody-reserved' }));
    });
    it('refuses a slug reserved to another user', async () => {
      await seed(env(), { 'slugs/bobs-slug': slugDocFor('bob', kind) });
      await assertFails(create({ profileSlug: 'bobs-slug' }));
    });
    it('refuses a slug reserved for the other kind', async () => {
      await seed(env(), { 'slugs/other-kind': slugDocFor('alice', otherKind) });
      await assertFails(create({ profileSlug: 'other-kind' }));
    });
    it('refuses a slug outside the pattern even when reserved', async () => {
      await seed(env(), { 'slugs/Bad_Slug': slugDocFor('alice', kind) });
      await assertFails(create({ profileSlug: 'Bad_Slug' }));
    });
    it(`refuses when ${otherCollection}/{uid} exists (a uid is never both)`, async () => {
      await seed(env(), { [`${otherCollection}/alice`]: makeOther('alice') });
      await assertFails(create());
    });
  });

  describe('on update', () => {
    const update = (changes: Record<string, unknown>, db = alice()) => updateDoc(profile(db), { updatedAt: serverTimestamp(), ...changes });

    beforeEach(() =>
      seed(env(), {
        [`slugs/${slug}`]: slugDocFor('alice', kind),
        [`${collectionName}/alice`]: make('alice', { published: false }),
      }),
    );

    it('accepts a valid change with updatedAt = request.time', async () => {
      await assertSucceeds(update({ displayName: '新しい名前' }));
    });
    it('refuses an unknown key', async () => {
      await assertFails(update({ role: 'admin' }));
    });
    it('refuses removing a key', async () => {
      await assertFails(update({ area: deleteField() }));
    });
    it.each(AREAS)('accepts changing the area to %s (of the vocabulary)', async (area) => {
      await assertSucceeds(update({ area }));
    });
    it.each(NOT_AREAS)('refuses changing the area to %j (not of the vocabulary)', async (area) => {
      await assertFails(update({ area }));
    });
    it('refuses an edit that keeps an area from before the vocabulary (it must be chosen again first)', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice', { published: false, area: '歌舞伎町' }) });
      await assertFails(update({ displayName: '新しい名前' }));
      await assertSucceeds(update({ displayName: '新しい名前', area: '新宿' }));
    });
    it('refuses a wrong type', async () => {
      await assertFails(update({ displayName: 42 }));
    });
    it('accepts a new photo in her own folder', async () => {
      await assertSucceeds(update({ photo: 'avatars/alice/1.webp' }));
    });
    it("refuses a photo in another uid's folder", async () => {
      await assertFails(update({ photo: 'avatars/bob/1.webp' }));
    });
    it('refuses a photo URL', async () => {
      await assertFails(update({ photo: 'https://tracker.example/pixel.gif' }));
    });
    it('refuses a too-long displayName', async () => {
      await assertFails(update({ displayName: 'あ'.repeat(41) }));
    });
    it('refuses a published flag that is not a boolean, even verified', async () => {
      await assertFails(update({ published: 'yes' }, verifiedAlice()));
    });
    it('refuses a changed userId', async () => {
      await assertFails(update({ userId: 'bob' }));
    });
    it('refuses a changed createdAt', async () => {
      await assertFails(update({ createdAt: serverTimestamp() }));
    });
    it('refuses a client-supplied updatedAt', async () => {
      await assertFails(update({ updatedAt: Timestamp.now() }));
    });
    it('refuses leaving updatedAt as it was', async () => {
      await assertFails(updateDoc(profile(), { displayName: '新しい名前' }));
    });
    it('refuses publishing without a verified email', async () => {
      await assertFails(update({ published: true }));
    });
    it('accepts publishing with a verified email', async () => {
      await assertSucceeds(update({ published: true }, verifiedAlice()));
    });
    it('accepts a slug change that reserves the new slug and releases the old one', async () => {
      const db = alice();
      const batch = writeBatch(db);
      batch.set(doc(db, 'slugs', 'new-slug'), slugDocFor('alice', kind));
      batch.update(profile(db), { profileSlug: 'new-slug', updatedAt: serverTimestamp() });
      batch.update(doc(db, 'slugs', slug), { releasedAt: serverTimestamp() });
      batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor([slug]));
      await assertSucceeds(batch.commit());
    });
    it('refuses a slug change that deletes the old slug instead of releasing it', async () => {
      const db = alice();
      const batch = writeBatch(db);
      batch.set(doc(db, 'slugs', 'new-slug'), slugDocFor('alice', kind));
      batch.update(profile(db), { profileSlug: 'new-slug', updatedAt: serverTimestamp() });
      batch.delete(doc(db, 'slugs', slug));
      await assertFails(batch.commit());
    });
    it('accepts a slug change of a profile whose old slug has no doc (nothing to release)', async () => {
      await env().withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore(), 'slugs', slug)));
      const db = alice();
      const batch = writeBatch(db);
      batch.set(doc(db, 'slugs', 'new-slug'), slugDocFor('alice', kind));
      batch.update(profile(db), { profileSlug: 'new-slug', updatedAt: serverTimestamp() });
      await assertSucceeds(batch.commit());
    });
    it('refuses pointing the profile back at her held (released) slug without taking it back', async () => {
      await seed(env(), { 'slugs/held-slug': slugDocFor('alice', kind, Timestamp.fromMillis(Date.now() - 86_400_000)) });
      const db = alice();
      const batch = writeBatch(db);
      batch.update(profile(db), { profileSlug: 'held-slug', updatedAt: serverTimestamp() });
      batch.update(doc(db, 'slugs', slug), { releasedAt: serverTimestamp() });
      batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor([slug]));
      await assertFails(batch.commit());
    });
    it('accepts taking her held slug back with the rename', async () => {
      await seed(env(), { 'slugs/held-slug': slugDocFor('alice', kind, Timestamp.fromMillis(Date.now() - 86_400_000)) });
      const db = alice();
      const batch = writeBatch(db);
      batch.set(doc(db, 'slugs', 'held-slug'), slugDocFor('alice', kind));
      batch.update(profile(db), { profileSlug: 'held-slug', updatedAt: serverTimestamp() });
      batch.update(doc(db, 'slugs', slug), { releasedAt: serverTimestamp() });
      batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor([slug]));
      await assertSucceeds(batch.commit());
    });
    it('refuses a slug change whose new slug is reserved but already released', async () => {
      const db = alice();
      const batch = writeBatch(db);
      batch.set(doc(db, 'slugs', 'new-slug'), { ...slugDocFor('alice', kind), releasedAt: serverTimestamp() });
      batch.update(profile(db), { profileSlug: 'new-slug', updatedAt: serverTimestamp() });
      batch.update(doc(db, 'slugs', slug), { releasedAt: serverTimestamp() });
      batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor([slug]));
      await assertFails(batch.commit());
    });
    it('refuses a slug change that keeps the old slug reserved', async () => {
      const db = alice();
      const batch = writeBatch(db);
      batch.set(doc(db, 'slugs', 'new-slug'), slugDocFor('alice', kind));
      batch.update(profile(db), { profileSlug: 'new-slug', updatedAt: serverTimestamp() });
      await assertFails(batch.commit());
    });
    it('refuses a slug change to a slug nobody reserved, even releasing the old one', async () => {
      const db = alice();
      const batch = writeBatch(db);
      batch.update(profile(db), { profileSlug: 'nobody-reserved', updatedAt: serverTimestamp() });
      batch.update(doc(db, 'slugs', slug), { releasedAt: serverTimestamp() });
      batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor([slug]));
      await assertFails(batch.commit());
    });
    it("refuses a slug change to another user's slug, even releasing the old one", async () => {
      await seed(env(), { 'slugs/bobs-slug': slugDocFor('bob', kind) });
      const db = alice();
      const batch = writeBatch(db);
      batch.update(profile(db), { profileSlug: 'bobs-slug', updatedAt: serverTimestamp() });
      batch.update(doc(db, 'slugs', slug), { releasedAt: serverTimestamp() });
      batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor([slug]));
      await assertFails(batch.commit());
    });
  });
});

describe('accounts-only fields', () => {
  const create = (overrides: Record<string, unknown>) =>
    setDoc(doc(alice(), 'accounts', 'alice'), newProfile(therapistDoc, 'alice', overrides));
  const update = (changes: Record<string, unknown>) =>
    updateDoc(doc(alice(), 'accounts', 'alice'), { updatedAt: serverTimestamp(), ...changes });

  beforeEach(() =>
    seed(env(), {
      'slugs/slug-alice': slugDocFor('alice', 'therapist'),
      'stores/shop': storeDocFor('shop'),
    }),
  );

  it('accepts what registration writes: no store fields', async () => {
    await assertSucceeds(create({}));
  });
  it.each([
    ['storeId', { storeId: null }],
    ['storeId naming a published store', { storeId: 'shop', storeRequestedAt: serverTimestamp() }],
    ['storeRequestedAt', { storeRequestedAt: null }],
  ])('refuses a %s on create (the store request lives in storeRequests)', async (_name, fields) => {
    await assertFails(create(fields));
  });
  it.each([
    ['storeId', { storeId: 'shop' }],
    ['storeId and storeRequestedAt', { storeId: 'shop', storeRequestedAt: serverTimestamp() }],
    ['storeRequestedAt', { storeRequestedAt: null }],
  ])('refuses adding a %s on update', async (_name, fields) => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { published: false }) });
    await assertSucceeds(update({ bio: '変更' }));
    await assertFails(update(fields));
  });

  it('accepts 10 tags of 20 characters', async () => {
    await assertSucceeds(create({ tags: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(20, 'あ')) }));
  });
  it('refuses more than 10 tags', async () => {
    await assertFails(create({ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }));
  });
  it('refuses tags that are not a list', async () => {
    await assertFails(create({ tags: '癒し系' }));
  });
  it('refuses a bio over 2000 characters', async () => {
    await assertFails(create({ bio: 'あ'.repeat(2001) }));
  });
  it('accepts a bio of 2000 characters', async () => {
    await assertSucceeds(create({ bio: 'あ'.repeat(2000) }));
  });
});

describe('stores-only fields', () => {
  const create = (overrides: Record<string, unknown>) =>
    setDoc(doc(alice(), 'stores', 'alice'), newProfile(storeDocFor, 'alice', overrides));

  beforeEach(() => seed(env(), { 'slugs/store-alice': slugDocFor('alice', 'store') }));

  it('accepts an empty displayName', async () => {
    await assertSucceeds(create({ displayName: '' }));
  });
  it('refuses an empty storeName', async () => {
    await assertFails(create({ storeName: '' }));
  });
  it('refuses a storeName over 60 characters', async () => {
    await assertFails(create({ storeName: 'あ'.repeat(61) }));
  });
  it('refuses an address over 120 characters', async () => {
    await assertFails(create({ address: 'あ'.repeat(121) }));
  });
  it('refuses a non-https website', async () => {
    await assertFails(create({ website: 'http://example.com' }));
  });
  it('refuses a loopback http website', async () => {
    await assertFails(create({ website: 'http://127.0.0.1:9199/a' }));
  });
  it('accepts an https website', async () => {
    await assertSucceeds(create({ website: 'https://example.com' }));
  });
  it('refuses a storeId (stores have none)', async () => {
    await assertFails(create({ storeId: null }));
  });
  it('refuses a storeRequestedAt (stores have none)', async () => {
    await assertFails(create({ storeRequestedAt: null }));
  });
});
