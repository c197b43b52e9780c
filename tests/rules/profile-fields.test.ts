import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteField, doc, serverTimestamp, setDoc, Timestamp, updateDoc, writeBatch } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { slugDocFor, storeDocFor, therapistDoc } from '../factories/documents';
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
    const create = (overrides: Record<string, unknown> = {}, db = alice()) =>
      setDoc(profile(db), newProfile(make, 'alice', overrides));

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
    it('refuses a non-https photoURL', async () => {
      await assertFails(create({ photoURL: 'http://example.com/a.jpg' }));
    });
    it('accepts an https photoURL', async () => {
      await assertSucceeds(create({ photoURL: 'https://example.com/a.jpg' }));
    });
    it.each([
      'http://127.0.0.1:9199/v0/b/demo-theralink.appspot.com/o/avatars%2Falice%2F1732251234567.webp?alt=media',
      'http://localhost:9199/v0/b/demo/o/a.webp',
    ])('accepts the local Storage emulator photoURL %s', async (photoURL) => {
      await assertSucceeds(create({ photoURL }));
    });
    it.each([
      'http://example.com:9199/a.webp',
      'http://127.0.0.1/a.webp',
      'http://127.0.0.1:9199/',
      'http://127.0.0.1.example.com:80/a.webp',
      'http://localhost:9199/a b.webp',
      `http://127.0.0.1:9199/${'a'.repeat(480)}`,
    ])('refuses the photoURL %s', async (photoURL) => {
      await assertFails(create({ photoURL }));
    });
    it('refuses an unknown channel', async () => {
      await assertFails(create({ channels: { myspace: 'miu' } }));
    });
    it('refuses an X handle that is not in stored form', async () => {
      await assertFails(create({ channels: { x: '@Miu' } }));
    });
    it('accepts every known channel in stored form', async () => {
      const channels = { x: 'miu_new', bluesky: 'miu.bsky.social', instagram: 'miu.i', tiktok: 'miu_t', litlink: 'miu-l', website: 'https://miu.example' };
      await assertSucceeds(create({ channels }));
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
    const update = (changes: Record<string, unknown>, db = alice()) =>
      updateDoc(profile(db), { updatedAt: serverTimestamp(), ...changes });

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
    it('refuses a wrong type', async () => {
      await assertFails(update({ displayName: 42 }));
    });
    it('accepts a new photoURL from the local Storage emulator', async () => {
      await assertSucceeds(update({ photoURL: 'http://127.0.0.1:9199/v0/b/demo/o/avatars%2Falice%2F1.webp?alt=media' }));
    });
    it('refuses a plain http photoURL elsewhere', async () => {
      await assertFails(update({ photoURL: 'http://example.com/a.webp' }));
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
      batch.delete(doc(db, 'slugs', slug));
      await assertSucceeds(batch.commit());
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
      batch.delete(doc(db, 'slugs', slug));
      await assertFails(batch.commit());
    });
    it("refuses a slug change to another user's slug, even releasing the old one", async () => {
      await seed(env(), { 'slugs/bobs-slug': slugDocFor('bob', kind) });
      const db = alice();
      const batch = writeBatch(db);
      batch.update(profile(db), { profileSlug: 'bobs-slug', updatedAt: serverTimestamp() });
      batch.delete(doc(db, 'slugs', slug));
      await assertFails(batch.commit());
    });
  });
});

describe('accounts-only fields', () => {
  const create = (overrides: Record<string, unknown>) =>
    setDoc(doc(alice(), 'accounts', 'alice'), newProfile(therapistDoc, 'alice', overrides));
  const update = (changes: Record<string, unknown>) =>
    updateDoc(doc(alice(), 'accounts', 'alice'), { updatedAt: serverTimestamp(), ...changes });

  beforeEach(() => seed(env(), { 'slugs/slug-alice': slugDocFor('alice', 'therapist'), 'stores/shop': storeDocFor('shop') }));

  it('accepts a storeId naming an existing store', async () => {
    await assertSucceeds(create({ storeId: 'shop' }));
  });
  it('refuses a storeId naming no store on create', async () => {
    await assertFails(create({ storeId: 'no-such-store' }));
  });
  it('refuses a storeId naming no store on update', async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { published: false }) });
    await assertFails(update({ storeId: 'no-such-store' }));
  });
  it('accepts moving to an existing store on update', async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { published: false }) });
    await assertSucceeds(update({ storeId: 'shop' }));
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
  it('refuses a loopback http website (only photoURL allows the emulator)', async () => {
    await assertFails(create({ website: 'http://127.0.0.1:9199/a' }));
  });
  it('accepts an https website', async () => {
    await assertSucceeds(create({ website: 'https://example.com' }));
  });
  it('refuses a storeId (stores have none)', async () => {
    await assertFails(create({ storeId: null }));
  });
});
