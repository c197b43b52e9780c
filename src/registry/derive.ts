/**
 * How each public record is made from the validated source documents
 * (./source-collections.ts): published profiles only, and only the fields
 * listed here (an allow-list, so a private field added to a document later
 * never leaks by default). Each public collection's entry
 * (./public-collections.ts) names its derivation; the export runs them
 * (scripts/export/public-records.ts), the profiles first.
 *
 * Private records decide what is shown, and only what they decide leaves:
 *  - storeRequests and memberships: her store is named (on her profile, the
 *    store's list, her shifts) only while her request names it, the store's
 *    answer is 'confirmed' and was given to that request (the same
 *    requestedAt), and the store is public; her store-less shifts then show
 *    under it too; the request and the answer (its reason) never leave;
 *  - suspensions: a suspended owner's profile, handles and shifts are left out;
 *  - storeVerifications: a store record says whether the operator verified
 *    it, and a claim shows 店舗確認済み only while the store that confirmed
 *    it (confirmedBy) is verified, public and not suspended (else 本人申告);
 *  - disputes: a former handle with an open dispute is `disputed` (確認中),
 *    whatever its level;
 *  - slugs: a slug released less than SLUG_HOLD_DAYS ago by a public owner,
 *    among her MAX_HELD_SLUGS newest, redirects to her current one;
 *  - photo: the Storage path becomes a download URL (src/lib/photo-url.ts).
 */
import { plainExcerpt } from '../lib/markdown/excerpt';
import { shiftStoreOf } from '../lib/membership/state';
import { contentImagePath, photoURL, storageUrl, type PhotoUrlBase } from '../lib/photo-url';
import { publishedTables } from '../lib/ranking-tables';
import type { BlogDoc } from '../schema/blogs';
import type { TimestampLike } from '../schema/common';
import type { FrozenAccountDoc, VerificationLevel } from '../schema/frozen-accounts';
import { membershipDocId, type MembershipDoc } from '../schema/memberships';
import type { PostDoc } from '../schema/posts';
import type {
  PublicAvailableNow,
  PublicBlog,
  PublicFrozenAccount,
  PublicPost,
  PublicShift,
  PublicSlugRedirect,
  PublicStore,
  PublicTherapist,
} from '../schema/public';
import type { PublicRanking, RankingDoc } from '../schema/rankings';
import { MAX_HELD_SLUGS, SLUG_HOLD_DAYS, type SlugDoc } from '../schema/slugs';
import type { StoreRequestDoc } from '../schema/store-requests';
import type { SourceDocs } from './source-collections';

/** As what an owner is public. */
export type OwnerKind = 'therapist' | 'store';

/**
 * The public profiles of one export: every other public record is owned by
 * one (a diary by its author, a former handle by its holder), and goes
 * when its owner does.
 */
export interface Profiles {
  therapists: ReadonlyMap<string, PublicTherapist>;
  stores: ReadonlyMap<string, PublicStore>;
  /** As what `uid` is public: as a therapist (first), as a store, or not at all (null). */
  ownerKindOf(uid: string): OwnerKind | null;
  /** The profile slugs in use, by kind (a redirect must lead to one). */
  slugs: { therapist: ReadonlySet<string>; store: ReadonlySet<string> };
}

/** Profiles of the given therapists and stores. */
export function profilesOf({
  therapists = [],
  stores = [],
}: {
  therapists?: readonly PublicTherapist[];
  stores?: readonly PublicStore[];
}): Profiles {
  const therapistById = new Map(therapists.map((t) => [t.id, t]));
  const storeById = new Map(stores.map((s) => [s.id, s]));
  return {
    therapists: therapistById,
    stores: storeById,
    ownerKindOf: (uid) => (therapistById.has(uid) ? 'therapist' : storeById.has(uid) ? 'store' : null),
    slugs: { therapist: new Set(therapists.map((t) => t.profileSlug)), store: new Set(stores.map((s) => s.profileSlug)) },
  };
}

/** Where a derivation names a document it leaves out for a reason found only there (a shared slug). */
export interface LeftOutLog {
  skip(collection: string, id: string, problems: { path: string; message: string }[], stage: 'derive'): void;
}

/** What a record made from one document may depend on besides it: whether its owner is public, the clock, the picture URL base. */
export interface Publishing {
  ownerKindOf(uid: string): OwnerKind | null;
  /** The export's clock (a scheduled diary's time, the slug hold). */
  now: Date;
  /** Where picture URLs point (the project's bucket, or the Storage emulator). */
  photoBase: PhotoUrlBase;
}

/** What a collection's derivation from the whole source reads. */
export interface Derivation extends Publishing {
  source: SourceDocs;
  /** The profiles derived before it (the stores, then the therapists: see PROFILE_COLLECTIONS). */
  profiles: Profiles;
  /** Shifts before this Tokyo day are over. */
  firstShiftDate: string;
  log?: LeftOutLog;
}

const DAY_MS = 86_400_000;
const iso = (at: TimestampLike) => at.toDate().toISOString();

/** Two Firestore timestamps are the same instant (to the nanosecond when both SDK objects say so). */
export function sameInstant(a: TimestampLike | null, b: TimestampLike | null): boolean {
  if (!a || !b) return false;
  const x = a as TimestampLike & { seconds?: unknown; nanoseconds?: unknown };
  const y = b as TimestampLike & { seconds?: unknown; nanoseconds?: unknown };
  if (
    typeof x.seconds === 'number' &&
    typeof y.seconds === 'number' &&
    typeof x.nanoseconds === 'number' &&
    typeof y.nanoseconds === 'number'
  ) {
    return x.seconds === y.seconds && x.nanoseconds === y.nanoseconds;
  }
  return a.toDate().getTime() === b.toDate().getTime();
}

/**
 * The store a therapist is a confirmed member of, or null: her request
 * (storeRequests/{uid}) names it, its answer to that request is
 * 'confirmed', and it is public.
 */
export function confirmedStoreOf(
  uid: string,
  storeRequest: StoreRequestDoc | undefined,
  memberships: ReadonlyMap<string, MembershipDoc>,
  publicStoreIds: { has(id: string): boolean },
): string | null {
  if (!storeRequest || storeRequest.userId !== uid) return null;
  const { storeId, requestedAt } = storeRequest;
  if (!storeId || !publicStoreIds.has(storeId)) return null;
  const answer = memberships.get(membershipDocId(storeId, uid));
  if (!answer || answer.status !== 'confirmed' || answer.storeId !== storeId || answer.userId !== uid) return null;
  return sameInstant(answer.requestedAt, requestedAt) ? storeId : null;
}

/**
 * The level a claim shows: 店舗確認済み only while the store that confirmed
 * it is among `badgeStores` (operator-verified, published and not
 * suspended); a store claim whose store is not, or that names none, shows
 * as 本人申告. Revoking a store's verification thus takes back all its
 * badges on the next cycle, and restoring it gives them back.
 */
export function shownLevel(
  claim: Pick<FrozenAccountDoc, 'verification' | 'confirmedBy'>,
  badgeStores: ReadonlySet<string>,
): VerificationLevel {
  if (claim.verification !== 'store') return claim.verification;
  return claim.confirmedBy !== null && badgeStores.has(claim.confirmedBy) ? 'store' : 'self';
}

/**
 * Whether a claim shows 確認中: someone other than its holder has an open
 * dispute on it (disputants: the uids with one, suspended ones left out),
 * whatever its level, until the operator resolves it.
 */
export function isDisputed(holder: string, disputants: ReadonlySet<string> | undefined): boolean {
  return [...(disputants ?? [])].some((uid) => uid !== holder);
}

/**
 * Of the published, unsuspended profiles, those whose slug no one else
 * public of the same kind also uses. Two pages at one URL would break the
 * build, so when a slug is shared the one its slugs doc names is kept
 * (else the lowest id) and the others are reported.
 */
function uniqueBySlug<T extends { profileSlug: string }>(
  profiles: [string, T][],
  kind: SlugDoc['kind'],
  collection: string,
  slugs: ReadonlyMap<string, SlugDoc>,
  log?: LeftOutLog,
): [string, T][] {
  const bySlug = new Map<string, [string, T][]>();
  for (const entry of profiles) bySlug.set(entry[1].profileSlug, [...(bySlug.get(entry[1].profileSlug) ?? []), entry]);
  const kept: [string, T][] = [];
  for (const [slug, holders] of bySlug) {
    if (holders.length === 1) {
      kept.push(holders[0]!);
      continue;
    }
    const reserved = slugs.get(slug);
    const sorted = holders.sort(([a], [b]) => (a < b ? -1 : 1));
    const winner =
      sorted.find(([id]) => reserved && reserved.kind === kind && reserved.userId === id && reserved.releasedAt === null) ?? sorted[0]!;
    kept.push(winner);
    for (const [id] of sorted) {
      if (id !== winner[0])
        log?.skip(collection, id, [{ path: 'profileSlug', message: `also used by ${collection}/${winner[0]}` }], 'derive');
    }
  }
  return kept;
}

/** Published, unsuspended profiles: shown unless suspended. */
const shownIn = (source: SourceDocs) => (uid: string, published: boolean) => published && !source.suspensions.has(uid);

/** The published, unsuspended stores, one per slug. */
export function publicStores({ source, photoBase, log }: Derivation): PublicStore[] {
  const shown = shownIn(source);
  const published = uniqueBySlug(
    [...source.stores].filter(([id, s]) => shown(id, s.published)),
    'store',
    'stores',
    source.slugs,
    log,
  );
  return published.map(([id, s]) => ({
    id,
    displayName: s.displayName,
    storeName: s.storeName,
    profileSlug: s.profileSlug,
    description: s.description,
    photoURL: photoURL(s.photo, id, photoBase),
    area: s.area,
    address: s.address,
    nearestStation: s.nearestStation,
    hours: s.hours,
    website: s.website,
    channels: s.channels,
    courses: s.courses ?? [],
    options: s.options ?? [],
    verified: source.storeVerifications.has(id),
    updatedAt: iso(s.updatedAt),
  }));
}

/** The published, unsuspended therapists, one per slug, each naming her store only once it confirmed her current request. */
export function publicTherapists({ source, profiles, photoBase, log }: Derivation): PublicTherapist[] {
  const shown = shownIn(source);
  const published = uniqueBySlug(
    [...source.accounts].filter(([id, a]) => shown(id, a.published)),
    'therapist',
    'accounts',
    source.slugs,
    log,
  );
  return published.map(([id, a]) => ({
    id,
    displayName: a.displayName,
    profileSlug: a.profileSlug,
    bio: a.bio,
    photoURL: photoURL(a.photo, id, photoBase),
    storeId: confirmedStoreOf(id, source.storeRequests.get(id), source.memberships, profiles.stores),
    area: a.area,
    tags: a.tags,
    channels: a.channels,
    updatedAt: iso(a.updatedAt),
  }));
}

/** The former handles of public owners, with the level they show and whether someone disputes them. */
export function publicFrozenAccounts({ source, profiles }: Derivation): PublicFrozenAccount[] {
  // The stores whose confirmations show as 店舗確認済み.
  const badgeStores = new Set([...profiles.stores.values()].filter((s) => s.verified).map((s) => s.id));
  // Who has an open dispute on each former handle (a suspended account's disputes no longer count).
  const disputants = new Map<string, Set<string>>();
  for (const d of source.disputes.values()) {
    if (d.kind !== 'former' || source.suspensions.has(d.userId)) continue;
    disputants.set(d.handleId, (disputants.get(d.handleId) ?? new Set()).add(d.userId));
  }
  return [...source.frozenAccounts].flatMap(([id, f]) => {
    const ownerKind = profiles.ownerKindOf(f.userId);
    if (!ownerKind) return [];
    return {
      id,
      userId: f.userId,
      ownerKind,
      platform: f.platform,
      handle: f.handle,
      frozenOn: f.frozenOn,
      note: f.note,
      verification: shownLevel(f, badgeStores),
      // 確認中 whatever the level: a badge is no answer while someone says the handle is hers.
      disputed: isDisputed(f.userId, disputants.get(id)),
      createdAt: iso(f.createdAt),
    };
  });
}

/**
 * The shifts of public therapists from `firstShiftDate` on, under her store
 * only while she is its confirmed member: then also those she entered with
 * no store (before it confirmed her), never those of a store she left.
 */
export function publicShifts({ source, profiles, firstShiftDate }: Derivation): PublicShift[] {
  return [...source.schedules].flatMap(([id, s]) => {
    const therapist = profiles.therapists.get(s.userId);
    if (!therapist || s.date < firstShiftDate) return [];
    return {
      id,
      userId: s.userId,
      storeId: shiftStoreOf(s.storeId, therapist.storeId),
      date: s.date,
      start: s.start,
      end: s.end,
      note: s.note,
    };
  });
}

/** A blog's public record: null unless published, its time has come, not hidden, and its author public. */
export function publicBlogOf(id: string, b: BlogDoc, { ownerKindOf, now, photoBase }: Publishing): PublicBlog | null {
  const ownerKind = ownerKindOf(b.userId);
  if (!ownerKind || b.hidden || !b.published || !b.publishAt || b.publishAt.toDate() > now) return null;
  const url = (slot: number) => storageUrl(contentImagePath('blogs', b.userId, id, slot), photoBase);
  return {
    id,
    userId: b.userId,
    ownerKind,
    title: b.title,
    body: b.body,
    teaser: plainExcerpt(b.body),
    images: Object.fromEntries(b.images.map((slot) => [String(slot), url(slot)])),
    coverURL: b.cover === null ? '' : url(b.cover),
    tags: b.tags,
    publishedAt: iso(b.publishAt),
    updatedAt: iso(b.updatedAt),
  };
}

/** A timeline post's public record: null when hidden or its author is not public. */
export function publicPostOf(id: string, p: PostDoc, { ownerKindOf, photoBase }: Publishing): PublicPost | null {
  const ownerKind = ownerKindOf(p.userId);
  if (!ownerKind || p.hidden) return null;
  return {
    id,
    userId: p.userId,
    ownerKind,
    text: p.text,
    imageURLs: p.images.map((slot) => storageUrl(contentImagePath('posts', p.userId, id, slot), photoBase)),
    createdAt: iso(p.createdAt),
  };
}

/** When a published, visible blog is due after `now` (null: never): the export changes then without any write. */
export function scheduledAfter(b: BlogDoc, now: Date): Date | null {
  const at = b.published && !b.hidden ? b.publishAt?.toDate() : undefined;
  return at && at > now ? at : null;
}

/**
 * Held slugs (released less than SLUG_HOLD_DAYS ago, and among the owner's
 * MAX_HELD_SLUGS newest: the rules hold no more, and data from before the
 * cap is read the same way) of public owners, pointing at the owner's
 * current slug. A slug some public profile of the kind uses now is never
 * redirected away from it.
 */
export function slugRedirects(
  slugs: ReadonlyMap<string, SlugDoc>,
  profiles: { therapists: Iterable<PublicTherapist>; stores: Iterable<PublicStore> },
  now: Date,
): PublicSlugRedirect[] {
  const current = {
    therapist: new Map([...profiles.therapists].map((t) => [t.id, t.profileSlug])),
    store: new Map([...profiles.stores].map((s) => [s.id, s.profileSlug])),
  };
  const live = {
    therapist: new Set(current.therapist.values()),
    store: new Set(current.store.values()),
  };
  const heldBy = new Map<string, { from: string; slug: SlugDoc; releasedAt: number }[]>();
  for (const [from, slug] of slugs) {
    if (!slug.releasedAt) continue;
    const releasedAt = slug.releasedAt.toDate().getTime();
    if (releasedAt + SLUG_HOLD_DAYS * DAY_MS <= now.getTime()) continue;
    heldBy.set(slug.userId, [...(heldBy.get(slug.userId) ?? []), { from, slug, releasedAt }]);
  }
  const redirects: PublicSlugRedirect[] = [];
  for (const held of heldBy.values()) {
    const newest = held.sort((a, b) => b.releasedAt - a.releasedAt || (a.from < b.from ? -1 : 1)).slice(0, MAX_HELD_SLUGS);
    for (const { from, slug, releasedAt } of newest) {
      const to = current[slug.kind].get(slug.userId);
      if (!to || to === from || live[slug.kind].has(from)) continue;
      redirects.push({ from, to, kind: slug.kind, until: new Date(releasedAt + SLUG_HOLD_DAYS * DAY_MS).toISOString() });
    }
  }
  return redirects.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

type AreaOf = (uid: string) => string | undefined;

/**
 * The record of rankings/current (none before the first ranking), with only
 * therapists who are public in the same export (per `areaOf`, their public
 * area), ranked again among themselves.
 */
export function publicRankings(docs: ReadonlyMap<string, RankingDoc>, areaOf: AreaOf): PublicRanking[] {
  return [...docs].map(([id, doc]) => ({
    id: id as PublicRanking['id'],
    computedAt: doc.computedAt.toDate().toISOString(),
    ...publishedTables(doc, areaOf),
  }));
}

/** A ranking record again without therapists the export left out after all (their public shape failed). */
export function rankingOfPublic(record: PublicRanking, areaOf: AreaOf): PublicRanking {
  return { id: record.id, computedAt: record.computedAt, ...publishedTables(record, areaOf) };
}

/**
 * 今すぐ案内可 of public therapists whose window is still open at the
 * export's `now` (an ended one leaves the export; the pages hide one that
 * ends between two exports by themselves).
 */
export function publicAvailableNow({ source, profiles, now }: Derivation): PublicAvailableNow[] {
  return [...source.availableNow].flatMap(([id, a]) => {
    const until = a.until.toDate();
    if (!profiles.therapists.has(id) || until.getTime() <= now.getTime()) return [];
    return { userId: id, until: until.toISOString(), setAt: iso(a.updatedAt) };
  });
}
