/**
 * The demo data set, generated deterministically: the same options give the
 * same documents. Timestamps are Dates (the writer turns them into
 * Firestore Timestamps). Besides public profiles it holds private data
 * (users, tokens, favorites, announcements) so the export's
 * privacy can be tested on it, and the trust-and-safety records the rules
 * require with them (docs/decisions/seed.md): store requests and
 * memberships (most confirmed, a few pending or declined, so
 * store@theralink.test sees requests), handle slots and verification levels (a store claim names the
 * store that confirmed it; three stores in four are operator-verified, so
 * some store claims show as 本人申告), current-handle reservations, a held
 * slug that redirects (listed in its owner's slugHolds), two open disputes
 * (one on a self-declared handle, one on a store-confirmed one) and a report.
 * Ids follow the rules' bounded schemes (shifts {uid}_{date}_{0..2}).
 * 写メ日記 and timeline posts come last, from scripts/seed/blogs.ts.
 * With `pictures`, every store shows a drawn photo of its front or rooms
 * (scripts/seed/pictures/), and a document lists the files it names
 * (SeedDoc.files) for the seed to upload.
 */
import { SCHEDULE_DAYS_AHEAD } from '../../src/lib/site';
import { addDays, tokyoInstant } from '../../src/lib/tokyo-date';
import { frozenAccountId } from '../../src/lib/frozen/entry';
import type { VerificationLevel } from '../../src/schema/frozen-accounts';
import { membershipDocId } from '../../src/schema/memberships';
import { shiftDocId } from '../../src/schema/schedules';
import { seedCourseMenu } from './course-menu';
import { AREA_ROLLS, areaAt, SEED_AREAS, seedPrefectureOf, storeAreas } from './areas';
import { generateContent } from './blogs';
import { storePhoto } from './pictures/choose';
import type { SeedDoc } from './seed-doc';
import { SeededRandom } from './random';
import * as words from './words';

export interface SeedOptions {
  /** Therapists to generate (demo: 200; benchmarks: up to 100,000). */
  therapists: number;
  /** Tokyo date (YYYY-MM-DD) the shifts start from. */
  today: string;
  seed?: string;
  /** Scale runs: exactly this many 写メ日記 for every published therapist (default: the demo's mix, scripts/seed/blogs.ts). */
  blogsPerTherapist?: number;
  /** Drawn pictures for stores and diaries (scripts/seed/pictures/); false when they cannot be uploaded. Default true. */
  pictures?: boolean;
}

/** A sign-in user the README lists. */
export interface DemoUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  role: 'therapist' | 'store' | 'fan';
}

export const DEMO_PASSWORD = 'theralink-demo';
export const DEMO_USERS: readonly DemoUser[] = [
  { uid: 'demo-therapist', email: 'therapist@theralink.test', password: DEMO_PASSWORD, displayName: 'みう', role: 'therapist' },
  { uid: 'demo-store', email: 'store@theralink.test', password: DEMO_PASSWORD, displayName: 'アロマリゾート新宿', role: 'store' },
  { uid: 'demo-fan', email: 'fan@theralink.test', password: DEMO_PASSWORD, displayName: 'ファン太郎', role: 'fan' },
];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const therapistId = (i: number) => (i === 0 ? 'demo-therapist' : `th-${pad(i, 6)}`);
export const storeId = (i: number) => (i === 0 ? 'demo-store' : `st-${pad(i, 5)}`);

/** Therapists who asked the demo store to join and wait for its answer (i % 97 === 3). */
export const isPendingAtDemoStore = (i: number) => i % 97 === 3;
/** The operator verified three stores in four (the demo store among them): only their confirmations show as 店舗確認済み. */
export const isVerifiedStore = (i: number) => i % 4 !== 1;
/** The therapist whose profile was renamed 10 days ago: her old slug redirects. */
export const RENAMED_THERAPIST = 1;
export const renamedFromSlug = (romaji: string, i: number) => `${romaji}-relax-${i}`;

/** Stores for a given number of therapists: at least 30, about one per seven. */
/** A store's slug: brand, area and number, without the area when that would pass the slug's 30 characters. */
export function storeSlug(brandRomaji: string, areaRomaji: string, i: number): string {
  const slug = `${brandRomaji}-${areaRomaji}-${i}`;
  return slug.length <= 30 ? slug : `${brandRomaji}-${i}`;
}

export function storeCountFor(therapists: number): number {
  return Math.max(30, Math.ceil(therapists / 7));
}

export function generateSeed(options: SeedOptions): SeedDoc[] {
  const random = new SeededRandom(options.seed ?? 'theralink-demo');
  // Midnight starting `today` in Tokyo: every seeded time is in the past, as real writes' are (a future one would be
  // read again by every incremental export until that time came).
  const base = tokyoInstant(options.today, '00:00').getTime();
  // One draw for both: the seed's random sequence (and so the demo data) stays as it was.
  const createdAndUpdated = (at: Date) => ({ createdAt: at, updatedAt: at });
  const daysAgo = (max: number) => new Date(base - random.int(1, max) * 86_400_000 - random.int(0, 86_399) * 1000);
  const docs: SeedDoc[] = [];
  const usedHandles = new Set<string>();
  // Handles are unique across channels and former handles (a former handle
  // is also its doc id). The stem is cut so the number always fits X's 15.
  const uniqueHandle = (stem: string) => {
    const candidate = () => `${stem.slice(0, 10)}_${pad(random.int(1, 9999), 4)}`;
    let handle = candidate();
    while (usedHandles.has(handle)) handle = candidate();
    usedHandles.add(handle);
    return handle;
  };
  // The demo therapist's former handle is the README's search example.
  usedHandles.add('miu_0312');

  // Stores, spread over the areas by their weight (scripts/seed/areas.ts): most in Tokyo, some in every big city.
  const storeCount = storeCountFor(options.therapists);
  const areaOfStore = storeAreas(storeCount);
  /** How many stores each area has so far: its next store takes the next brand. */
  const storesSoFar = new Map<string, number>();
  /** Published stores by area: a therapist may only ask a published store. */
  const storesByArea = new Map<string, string[]>();
  const verifiedStores = new Set<string>();
  const handleSlot = (uid: string, slot: number, handle: string) =>
    docs.push({ path: `users/${uid}/handleSlots/${slot}`, data: { handleId: frozenAccountId('x', handle) } });
  const reserveCurrent = (uid: string, handle: string | undefined) => {
    if (handle) docs.push({ path: `currentHandles/${frozenAccountId('x', handle)}`, data: { userId: uid } });
  };
  for (let i = 0; i < storeCount; i++) {
    const id = storeId(i);
    const area = areaOfStore[i]!;
    const nth = storesSoFar.get(area) ?? 0;
    storesSoFar.set(area, nth + 1);
    const [brand, brandRomaji] = words.STORE_BRANDS[nth % words.STORE_BRANDS.length]!;
    const branch = Math.floor(nth / words.STORE_BRANDS.length);
    const storeName = `${brand}${area}${branch > 0 ? `${branch + 1}号店` : ''}`;
    const detail = SEED_AREAS[area];
    const createdAt = daysAgo(720);
    // One store in fifteen is still being set up.
    const published = i % 15 !== 7;
    if (published) storesByArea.set(area, [...(storesByArea.get(area) ?? []), id]);
    if (isVerifiedStore(i)) verifiedStores.add(id);
    const slug = i === 0 ? 'aroma-resort-shinjuku' : storeSlug(brandRomaji, detail.romaji, i);
    const channels = random.chance(0.7) ? { x: uniqueHandle(brandRomaji.replace(/-/g, '').slice(0, 8)) } : {};
    // Its own stream, so the rest of the seed is the same with pictures or without.
    const picture =
      options.pictures === false ? null : storePhoto(new SeededRandom(`${options.seed ?? 'theralink-demo'}/pictures/${id}`), id);
    docs.push({ path: `slugs/${slug}`, data: { userId: id, kind: 'store', releasedAt: null } });
    reserveCurrent(id, channels.x);
    docs.push({
      path: `stores/${id}`,
      ...(picture && { files: [picture.file] }),
      data: {
        userId: id,
        displayName: random.chance(0.5) ? `${brand} ${area}店` : '',
        storeName,
        profileSlug: slug,
        description: random.sample(words.STORE_BLURBS, 2).join(''),
        photo: picture?.photo ?? '',
        area,
        address: `${seedPrefectureOf(area)}${detail.town}${random.int(1, 4)}-${random.int(1, 30)}-${random.int(1, 12)}`,
        nearestStation: detail.station,
        hours: random.pick(['12:00〜翌5:00', '11:00〜24:00', '10:00〜翌3:00', '13:00〜翌2:00']),
        website: random.chance(0.6) ? `https://example.com/${brandRomaji}/${i}` : '',
        channels,
        // One store in eight has not written its menu yet.
        ...(i % 8 !== 5 && seedCourseMenu(new SeededRandom(`${options.seed ?? 'theralink-demo'}/menu/${id}`))),
        published,
        createdAt,
        updatedAt: createdAt,
      },
    });
    if (isVerifiedStore(i)) {
      // A week after the store signed up (never in the future); who verified it would be in moderationLog.
      docs.push({
        path: `storeVerifications/${id}`,
        data: { verifiedAt: new Date(Math.min(createdAt.getTime() + 7 * 86_400_000, base - 3_600_000)) },
      });
    }
    if (i % 5 === 0) {
      const handle = uniqueHandle(`${brandRomaji.replace(/-/g, '').slice(0, 6)}old`);
      docs.push({
        path: `frozenAccounts/${frozenAccountId('x', handle)}`,
        data: {
          userId: id,
          platform: 'x',
          handle,
          frozenOn: random.chance(0.5) ? addDays(options.today, -random.int(10, 400)) : null,
          note: '店舗の旧アカウント',
          // Every other one was confirmed by the operator.
          verification: i % 10 === 0 ? 'operator' : 'self',
          confirmedBy: null,
          slot: 0,
          ...createdAndUpdated(daysAgo(300)),
        },
      });
      handleSlot(id, 0, handle);
    }
  }

  const heldSlugs: SeedDoc[] = [];
  const selfClaims: { id: string; owner: string }[] = [];
  /** Published therapists' handles confirmed by a verified store (shown 店舗確認済み). */
  const badgeClaims: { id: string; owner: string }[] = [];

  // Therapists.
  for (let i = 0; i < options.therapists; i++) {
    const id = therapistId(i);
    const [kana, romaji] = i === 0 ? (['みう', 'miu'] as const) : random.pick(words.GIVEN_NAMES);
    const pendingAtDemo = i > 0 && isPendingAtDemoStore(i);
    const area = i === 0 || pendingAtDemo ? '新宿' : areaAt(random.int(0, AREA_ROLLS - 1));
    const localStores = storesByArea.get(area) ?? [];
    const store = i === 0 || pendingAtDemo ? storeId(0) : random.chance(0.85) && localStores.length > 0 ? random.pick(localStores) : null;
    const slug = i === 0 ? 'miu' : `${romaji}-${pad(i, 5)}`;
    const createdAt = daysAgo(600);
    // She asked her store to join some days after signing up (never in the future).
    const storeRequestedAt = store ? new Date(Math.min(createdAt.getTime() + random.int(0, 60) * 86_400_000, base - 3_600_000)) : null;
    // The store's answer: most confirmed; a few still waiting (no answer yet) or declined.
    const answer: 'confirmed' | 'declined' | null =
      !store || pendingAtDemo || i % 29 === 13 ? null : i % 53 === 21 ? 'declined' : 'confirmed';
    const confirmedStore = answer === 'confirmed' ? store : null;
    const channels: Record<string, string> = { x: uniqueHandle(romaji) };
    if (random.chance(0.4)) channels.bluesky = `${romaji}${pad(i, 5)}.bsky.social`;
    if (random.chance(0.3)) channels.instagram = `${romaji}.relax.${i}`;
    if (random.chance(0.3)) channels.litlink = `${romaji}${i}`;
    // One in eleven has not published her profile yet.
    const published = i % 11 !== 5;
    docs.push({ path: `slugs/${slug}`, data: { userId: id, kind: 'therapist', releasedAt: null } });
    if (i === RENAMED_THERAPIST && published) {
      // Renamed 10 days ago: the old slug is held (and redirects) for SLUG_HOLD_DAYS.
      heldSlugs.push(
        {
          path: `slugs/${renamedFromSlug(romaji, i)}`,
          data: { userId: id, kind: 'therapist', releasedAt: new Date(base - 10 * 86_400_000) },
        },
        { path: `slugHolds/${id}`, data: { slugs: [renamedFromSlug(romaji, i)] } },
      );
    }
    reserveCurrent(id, channels.x);
    docs.push({
      path: `accounts/${id}`,
      data: {
        userId: id,
        displayName: i === 0 ? kana : `${kana}${random.pick(words.NAME_DECORATIONS)}`,
        profileSlug: slug,
        bio: [random.pick(words.BIO_OPENINGS), ...random.sample(words.BIO_MIDDLES, 2), random.pick(words.BIO_CLOSINGS)].join(''),
        photo: '',
        area,
        tags: random.sample(words.TAGS, random.int(1, 4)),
        channels,
        published,
        createdAt,
        updatedAt: createdAt,
      },
    });
    if (store && storeRequestedAt) {
      docs.push({
        path: `storeRequests/${id}`,
        data: { userId: id, storeId: store, requestedAt: storeRequestedAt, updatedAt: storeRequestedAt },
      });
    }
    if (store && answer && storeRequestedAt) {
      docs.push({
        path: `memberships/${membershipDocId(store, id)}`,
        data: {
          storeId: store,
          userId: id,
          status: answer,
          requestedAt: storeRequestedAt,
          updatedAt: new Date(Math.min(storeRequestedAt.getTime() + 86_400_000, base - 60_000)),
        },
      });
    }
    // Half the therapists list a former (frozen) handle, one in six a second one.
    const formerCount = i % 6 === 0 ? 2 : i % 2 === 0 ? 1 : 0;
    for (let slot = 0; slot < formerCount; slot++) {
      const handle = i === 0 && slot === 0 ? 'miu_0312' : uniqueHandle(romaji);
      // Mostly self-declared; her confirmed store vouched for some, the operator for a few.
      const verification: VerificationLevel =
        i === 0 && slot === 0 ? 'store' : confirmedStore && random.chance(0.25) ? 'store' : i % 17 === 0 ? 'operator' : 'self';
      const docId = frozenAccountId('x', handle);
      docs.push({
        path: `frozenAccounts/${docId}`,
        data: {
          userId: id,
          platform: 'x',
          handle,
          frozenOn: random.chance(0.7) ? addDays(options.today, -random.int(3, 500)) : null,
          note: random.pick(words.FROZEN_NOTES),
          verification,
          // Her confirmed store confirmed it (the demo therapist's is the demo store).
          confirmedBy: verification === 'store' ? confirmedStore : null,
          slot,
          ...createdAndUpdated(daysAgo(200)),
        },
      });
      handleSlot(id, slot, handle);
      if (verification === 'self' && published && i > 0) selfClaims.push({ id: docId, owner: id });
      if (verification === 'store' && confirmedStore && verifiedStores.has(confirmedStore) && published && i > 0) {
        badgeClaims.push({ id: docId, owner: id });
      }
    }
    for (let day = 0; day < SCHEDULE_DAYS_AHEAD; day++) {
      if (!(i === 0 ? day % 2 === 0 : random.chance(0.35))) continue;
      const date = addDays(options.today, day);
      const shift = (slot: number, startHour: number, endHour: number, endMinutes: string) =>
        docs.push({
          path: `schedules/${shiftDocId(id, date, slot)}`,
          data: {
            userId: id,
            // Only a confirmed member works under a store.
            storeId: confirmedStore,
            date,
            start: `${pad(startHour, 2)}:00`,
            end: `${pad(endHour % 24, 2)}:${endMinutes}`,
            note: random.pick(words.SHIFT_NOTES),
            updatedAt: daysAgo(7),
          },
        });
      if (random.chance(0.06)) {
        // A split day: an early shift and a late one.
        const early = random.int(10, 13);
        shift(0, early, early + 3, '00');
        shift(1, early + 6, early + 10, random.pick(['00', '30']));
      } else {
        const startHour = random.int(10, 21);
        shift(0, startHour, startHour + random.int(4, 9), random.pick(['00', '30']));
      }
    }
  }
  docs.push(...heldSlugs);

  // Two open disputes: another therapist says a self-declared handle is hers, and a store-confirmed one (both shown 確認中).
  const disputant = options.therapists > 4 ? therapistId(4) : null;
  const disputed = [selfClaims[0], badgeClaims.find((claim) => claim.owner !== disputant)];
  disputed.forEach((claim, slot) => {
    if (!claim || !disputant || claim.owner === disputant) return;
    docs.push({
      path: `disputes/${disputant}_${slot}`,
      data: {
        userId: disputant,
        handleId: claim.id,
        kind: 'former',
        evidence: 'このアカウントは以前わたしが使っていたものです。凍結前のスクリーンショットがあります。',
        createdAt: daysAgo(3),
      },
    });
  });

  docs.push(...privateDocs(options.today));
  // 写メ日記 and timeline posts last, from their own random streams: everything above stays as it was.
  const content = generateContent(docs, {
    today: options.today,
    seed: options.seed ?? 'theralink-demo',
    blogsPerTherapist: options.blogsPerTherapist,
    pictures: options.pictures ?? true,
  });
  for (const doc of content) docs.push(doc);
  return docs;
}

/** Private documents of the demo users: never exported, there to prove it. */
function privateDocs(today: string): SeedDoc[] {
  const at = (days: number) => tokyoInstant(addDays(today, -days), '10:00');
  // demo-fan's 推し, oldest first; users/demo-fan counts them and names the
  // last one added, as the rules require of the client (docs/decisions/favorites-and-handle-watches.md).
  const favorites = [
    { targetUid: therapistId(0), targetKind: 'therapist', createdAt: at(30) },
    { targetUid: storeId(0), targetKind: 'store', createdAt: at(20) },
  ];
  const fanCounter = { favoriteCount: favorites.length, lastFavoriteTarget: favorites.at(-1)!.targetUid };
  const docs: SeedDoc[] = DEMO_USERS.map((user) => ({
    path: `users/${user.uid}`,
    data: { createdAt: at(120), lastCheckedAnnouncementsAt: at(3), ...(user.uid === 'demo-fan' ? fanCounter : {}) },
  }));
  docs.push(
    { path: 'users/demo-fan/fcmTokens/demo-fcm-token-fan', data: { token: 'demo-fcm-token-fan', createdAt: at(10), refreshedAt: at(2) } },
    ...favorites.map((favorite) => ({ path: `favorites/demo-fan/items/${favorite.targetUid}`, data: favorite })),
    {
      path: 'reports/demo-fan_0',
      data: {
        userId: 'demo-fan',
        targetPath: 'accounts/th-000007',
        reason: 'spam',
        text: '同じ宣伝を何度も載せています。',
        createdAt: at(2),
      },
    },
    {
      path: 'announcements/an-demo-1',
      data: {
        userId: 'demo-fan',
        createdAt: at(1),
        title: 'みうさんが出勤予定を更新しました',
        body: '推しのスケジュールが更新されました。',
        link: '/profile/miu',
        kind: 'favorite-schedule',
      },
    },
    {
      path: 'announcements/an-demo-2',
      data: {
        userId: 'demo-therapist',
        createdAt: at(5),
        title: 'セラリンクへようこそ',
        body: 'プロフィールを公開すると検索に表示されます。',
        link: '/howto',
        kind: 'system',
      },
    },
  );
  // No customer notebook: it is encrypted in the therapist's browser with her
  // passphrase, so the seed cannot (and must not) write plaintext customers.
  return docs;
}
