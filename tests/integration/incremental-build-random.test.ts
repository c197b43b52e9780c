/**
 * The incremental build against the full one under random changes
 * (a fixed seed, so a failure repeats): a few changes of every kind the
 * export can make at a time, then an incremental build of one site and a
 * full build of another, compared file for file after every step. A page
 * that shows a record the registry does not know about shows up here.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSite, buildsSettled } from '../../scripts/build-site';
import { ROOT } from '../../scripts/lib/project';
import { filesUnder } from '../../scripts/lib/site-files';
import { ensureRenderer, type RendererBundle } from '../../scripts/renderer/bundle';
import { closeRenderers } from '../../scripts/renderer/pool';
import { addDays } from '../../src/lib/tokyo-date';
import type { ExportRecords } from '../../src/registry/public-collections';
import { frozenRecord, publicExport, shiftRecord, storeRecord, therapistRecord, writePublicExport } from '../factories/public-export';

const WORK = path.join(ROOT, '.build', 'incremental-random-test');
const EXPORT = path.join(WORK, 'export');
const INCREMENTAL = path.join(WORK, 'incremental');
const FULL = path.join(WORK, 'full');
const NOW = new Date('2026-11-22T03:00:00.000Z');
const TODAY = '2026-11-22';
const STEPS = 10;

let seed = 20261122;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
let counter = 100;
const next = () => counter++;

const records: ExportRecords = publicExport({ therapists: 30, today: TODAY });
let renderer: RendererBundle;

const byId = <T extends { id: string }>(items: T[]) => items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** What the export guarantees: owners exist, a shift's store is her store, redirects lead to a current slug. */
function keepConsistent(): void {
  const storeIds = new Set(records.stores.map((store) => store.id));
  records.therapists = records.therapists.map((t) => (t.storeId && !storeIds.has(t.storeId) ? { ...t, storeId: null } : t));
  const therapists = new Map(records.therapists.map((t) => [t.id, t]));
  records.frozenAccounts = records.frozenAccounts
    .filter((entry) => therapists.has(entry.userId) || storeIds.has(entry.userId))
    .map((entry) => ({ ...entry, ownerKind: therapists.has(entry.userId) ? ('therapist' as const) : ('store' as const) }));
  records.shifts = records.shifts
    .filter((shift) => therapists.has(shift.userId))
    .map((shift) => (shift.storeId && therapists.get(shift.userId)!.storeId !== shift.storeId ? { ...shift, storeId: null } : shift));
  const slugs = {
    therapist: new Set(records.therapists.map((t) => t.profileSlug)),
    store: new Set(records.stores.map((s) => s.profileSlug)),
  };
  records.redirects = records.redirects
    .filter((r) => slugs[r.kind].has(r.to) && !slugs[r.kind].has(r.from))
    .sort((a, b) => (a.from < b.from ? -1 : 1));
  byId(records.therapists);
  byId(records.stores);
  byId(records.frozenAccounts);
  byId(records.shifts);
}

const CHANGES: [string, () => void][] = [
  ['therapist name', () => void (pick(records.therapists).displayName = `名前${next()}`)],
  ['therapist bio', () => void (pick(records.therapists).bio = `自己紹介${next()}`)],
  ['therapist area', () => void (pick(records.therapists).area = pick(['新宿', '渋谷', '池袋', '銀座']))],
  [
    'therapist store',
    () => {
      const therapist = pick(records.therapists);
      therapist.storeId = random() < 0.2 ? null : pick(records.stores).id;
      for (const shift of records.shifts) if (shift.userId === therapist.id) shift.storeId = therapist.storeId;
    },
  ],
  ['therapist X handle', () => void (pick(records.therapists).channels = random() < 0.3 ? {} : { x: `now_${next()}` })],
  [
    'therapist photo',
    () => {
      const therapist = pick(records.therapists);
      therapist.photoURL = therapist.photoURL ? '' : `https://firebasestorage.googleapis.com/v0/b/demo/o/p${next()}.webp`;
    },
  ],
  ['store name', () => void (pick(records.stores).displayName = random() < 0.3 ? '' : `店${next()}`)],
  ['store area', () => void (pick(records.stores).area = pick(['新宿', '渋谷', '梅田']))],
  ['store station', () => void (pick(records.stores).nearestStation = `駅${next()}`)],
  [
    'store verified or not',
    () => {
      const store = pick(records.stores);
      store.verified = !store.verified;
    },
  ],
  [
    'former handle added',
    () => {
      const owner = random() < 0.8 ? pick(records.therapists) : pick(records.stores);
      records.frozenAccounts.push(
        frozenRecord(owner, `${pick(['a', 'm', 'z', '1'])}h${next()}`, 'therapist', {
          createdAt: `2026-11-${10 + (next() % 12)}T00:00:00.000Z`,
        }),
      );
    },
  ],
  ['former handle removed', () => void records.frozenAccounts.splice(Math.floor(random() * records.frozenAccounts.length), 1)],
  [
    'former handle level',
    () => {
      const entry = pick(records.frozenAccounts);
      entry.verification = pick(['self', 'store', 'operator'] as const);
      entry.disputed = random() < 0.5;
    },
  ],
  [
    'shift added',
    () => {
      const shift = shiftRecord(pick(records.therapists), addDays(TODAY, Math.floor(random() * 16) - 1), pick(['10:00', '22:00']), '23:30');
      records.shifts.push({ ...shift, id: `sh-new-${next()}` });
    },
  ],
  ['shift removed', () => void records.shifts.splice(Math.floor(random() * records.shifts.length), 1)],
  [
    'therapist renamed',
    () => {
      const therapist = pick(records.therapists);
      const from = therapist.profileSlug;
      therapist.profileSlug = `slug-${next()}`;
      records.redirects.push({ from, to: therapist.profileSlug, kind: 'therapist', until: '2026-12-20T00:00:00.000Z' });
    },
  ],
  [
    'store renamed',
    () => {
      const store = pick(records.stores);
      const from = store.profileSlug;
      store.profileSlug = `shop-${next()}`;
      records.redirects.push({ from, to: store.profileSlug, kind: 'store', until: '2026-12-20T00:00:00.000Z' });
    },
  ],
  ['therapist unpublished', () => void records.therapists.splice(Math.floor(random() * records.therapists.length), 1)],
  [
    'therapist published',
    () => {
      const n = next();
      records.therapists.push(therapistRecord(n, pick(records.stores).id, { id: `th-new${n}`, profileSlug: `new-${n}` }));
    },
  ],
  ['store removed', () => void (records.stores.length > 2 && records.stores.splice(Math.floor(random() * records.stores.length), 1))],
  [
    'store added',
    () => {
      const n = next();
      records.stores.push(storeRecord(n, { id: `store-new${n}`, profileSlug: `salon-new${n}` }));
    },
  ],
];

async function tree(site: string): Promise<Map<string, string>> {
  const files = (await filesUnder(site)).filter((file) => !file.startsWith('pagefind/'));
  return new Map(
    await Promise.all(
      files.map(
        async (file) =>
          [
            file,
            createHash('sha256')
              .update(await readFile(path.join(site, file)))
              .digest('hex'),
          ] as const,
      ),
    ),
  );
}

beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
  await writePublicExport(EXPORT, records);
  await buildSite({ exportDir: EXPORT, outDir: INCREMENTAL, quiet: true, now: NOW, full: true, renderer });
}, 300_000);

afterAll(async () => {
  await buildsSettled();
  await closeRenderers();
  await rm(WORK, { recursive: true, force: true });
});

it(`builds the same site incrementally as in full through ${STEPS} random steps, and names every file it changes`, async () => {
  let filesChanged = 0;
  for (let step = 1; step <= STEPS; step++) {
    const made = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const [name, change] = pick(CHANGES);
      change();
      return name;
    });
    keepConsistent();
    await writePublicExport(EXPORT, records);
    const before = await tree(INCREMENTAL);
    const incremental = await buildSite({ exportDir: EXPORT, outDir: INCREMENTAL, quiet: true, now: NOW, renderer });
    expect(incremental.mode).toBe('incremental');
    await buildSite({ exportDir: EXPORT, outDir: FULL, quiet: true, now: NOW, full: true, renderer });
    const [a, b] = await Promise.all([tree(INCREMENTAL), tree(FULL)]);
    const differing = [...new Set([...a.keys(), ...b.keys()])].sort().filter((file) => a.get(file) !== b.get(file));
    expect(differing, `step ${step} (${made.join(', ')})`).toEqual([]);
    // The publisher's deploy looks only at the files the build names (scripts/deploy/plan.ts): it names every one that changed.
    const changed = [...new Set([...before.keys(), ...a.keys()])].sort().filter((file) => before.get(file) !== a.get(file));
    expect(
      changed.filter((file) => !incremental.changedFiles?.has(file)),
      `step ${step} (${made.join(', ')})`,
    ).toEqual([]);
    filesChanged += changed.length;
  }
  expect(filesChanged).toBeGreaterThan(STEPS);
}, 600_000);
