import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteField, doc, getDoc, serverTimestamp, updateDoc } from 'firebase/firestore';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { COURSE_LIMITS } from '../../src/lib/course-menu/limits';
import { courseOptions, courses } from '../../src/schema/course-menu';
import { slugDocFor, storeDocFor, therapistDoc } from '../factories/documents';
import { allowedIf, ownerAndOthers } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * A store's course menu (courses, options on stores/{uid}): each role ×
 * each operation, then the fields' bounds as the owner alice, and a
 * property: the rules accept a generated menu exactly when
 * src/schema/course-menu.ts does. A menu change is an update of its own
 * per list (the editor writes courses, then options, after the profile):
 * a profile update that also changes the menu is refused, one that keeps
 * it is not.
 */
const env = useRulesEnvironment();
const MENU = {
  courses: [
    { minutes: 60, price: 12000, note: '' },
    { minutes: 90, price: 16000, note: '一番人気' },
  ],
  options: [{ name: '指名料', price: 1000 }],
};
// A published store keeps publishing on each save, which needs a verified email.
const alice = () => env().authenticatedContext('alice', { email_verified: true }).firestore();
const store = (db = alice()) => doc(db, 'stores', 'alice');
const update = (changes: Record<string, unknown>, db = alice()) => updateDoc(store(db), { updatedAt: serverTimestamp(), ...changes });

beforeEach(() =>
  seed(env(), {
    'slugs/store-alice': slugDocFor('alice', 'store'),
    'stores/alice': storeDocFor('alice', MENU),
    'accounts/sora': therapistDoc('sora'),
  }),
);

const roles = [
  ...ownerAndOthers(env).map((role) => (role.owner ? { ...role, db: alice } : role)),
  { role: 'a therapist', owner: false, db: () => env().authenticatedContext('sora').firestore() },
];

describe.each(roles)('a store’s menu, as $role', ({ owner, db }) => {
  it('reads a published store’s menu', async () => {
    const read = await assertSucceeds(getDoc(store(db())));
    expect(read.data()?.courses).toEqual(MENU.courses);
  });
  it('writes it only as the store', async () => {
    await allowedIf(owner)(update({ courses: [{ minutes: 120, price: 20000, note: '' }] }, db()));
  });
  it('removes it only as the store', async () => {
    await allowedIf(owner)(update({ options: deleteField() }, db()));
  });
});

describe('the menu’s fields (as the store)', () => {
  const course = (overrides: Record<string, unknown>) => ({ courses: [{ minutes: 60, price: 12000, note: '', ...overrides }] });
  const option = (overrides: Record<string, unknown>) => ({ options: [{ name: '指名料', price: 1000, ...overrides }] });

  it.each([
    ['8 courses', { courses: Array.from({ length: 8 }, (_, i) => ({ minutes: 60 + i, price: 10000, note: 'あ'.repeat(40) })) }],
    ['8 options', { options: Array.from({ length: 8 }, (_, i) => ({ name: 'オ'.repeat(30 - i), price: 1_000_000 })) }],
    ['10 and 600 minutes', { courses: [course({ minutes: 10 }).courses[0], course({ minutes: 600 }).courses[0]] }],
    ['a note of 40 characters', course({ note: 'あ'.repeat(40) })],
    ['a free option', option({ price: 0 })],
    ['the highest price', course({ price: 1_000_000 })],
  ])('accepts %s', async (_, changes) => {
    await assertSucceeds(update(changes));
  });
  it.each([
    ['9 courses', { courses: Array.from({ length: 9 }, () => ({ minutes: 60, price: 10000, note: '' })) }],
    ['9 options', { options: Array.from({ length: 9 }, () => ({ name: 'a', price: 0 })) }],
    ['9 minutes', course({ minutes: 9 })],
    ['601 minutes', course({ minutes: 601 })],
    ['a fraction of a minute', course({ minutes: 60.5 })],
    ['minutes as text', course({ minutes: '60' })],
    ['a free course', course({ price: 0 })],
    ['a price over a million', course({ price: 1_000_001 })],
    ['a note of 41 characters', course({ note: 'あ'.repeat(41) })],
    ['an unknown key in a course', course({ url: 'https://example.com' })],
    ['a course missing its note', { courses: [{ minutes: 60, price: 12000 }] }],
    ['an option without a name', option({ name: '' })],
    ['an option name of 31 characters', option({ name: 'あ'.repeat(31) })],
    ['a negative option price', option({ price: -1 })],
    ['a menu that is not a list', { courses: { 0: { minutes: 60, price: 12000, note: '' } } }],
    ['a course that is not a map', { courses: ['60分 12000円'] }],
    [
      'a bad thirteenth place hidden after twelve good ones',
      { courses: [...Array.from({ length: 11 }, () => course({}).courses[0]), course({ minutes: 5 }).courses[0]] },
    ],
  ])('refuses %s', async (_, changes) => {
    await assertFails(update(changes));
  });

  it('refuses courses and options changed in one update', async () => {
    await assertFails(update({ courses: [], options: [] }));
  });
  it('refuses a profile change and a menu change in one update, and accepts a profile change that keeps the menu', async () => {
    await assertFails(update({ displayName: '新しい名前', courses: [{ minutes: 120, price: 20000, note: '' }] }));
    await assertSucceeds(update({ displayName: '新しい名前', courses: MENU.courses }));
  });
  it('refuses a menu change from a suspended store', async () => {
    await seed(env(), { 'suspensions/alice': { reason: 'test', createdAt: new Date() } });
    await assertFails(update({ courses: [] }));
  });

  it('agrees with the schema on generated menus (property)', async () => {
    const number = fc.oneof(fc.integer({ min: -2, max: 1_000_002 }), fc.constantFrom(0, 1, 9, 10, 600, 601, 1.5));
    const courseArb = fc.record({ minutes: number, price: number, note: fc.string({ maxLength: 42 }) });
    const optionArb = fc.record({ name: fc.string({ maxLength: 32 }), price: number });
    // One list a write, as the editor saves them.
    const menu = fc.oneof(
      fc.record({ courses: fc.array(courseArb, { maxLength: COURSE_LIMITS.courses + 1 }) }),
      fc.record({ options: fc.array(optionArb, { maxLength: COURSE_LIMITS.options + 1 }) }),
    );
    await fc.assert(
      fc.asyncProperty(menu, async (candidate) => {
        const valid =
          'courses' in candidate ? courses.safeParse(candidate.courses).success : courseOptions.safeParse(candidate.options).success;
        await allowedIf(valid)(update(candidate));
      }),
      { seed: 408, numRuns: 40 },
    );
  }, 120_000);
});
