/**
 * The public collections, each described once: its file in the export, its
 * public schema, the key of a record, the Firestore collections it is
 * derived from and how (./derive.ts), what is kept of it when its owner
 * leaves the export, whether and as what a record can be reported, and the
 * pages that show a record. The export (scripts/export/), the export
 * reader (src/data/export-records.ts), the incremental build
 * (scripts/lib/incremental.ts) and the report form (./reports.ts) read
 * this table; the list pages and the URL list of the whole site are in
 * src/data/site-pages.ts.
 *
 * `pages(record, site)` names every page whose output depends on the record,
 * given the export the record is part of (the build calls it with the old
 * version of a changed record on the old export, and with the new version on
 * the new one). Pages that show many records of a kind (lists, /, /today)
 * are not named here: src/data/site-pages.ts compares their input instead.
 *
 * Adding a collection: docs/adding-a-collection.md.
 */
import type { ZodType, z } from '../schema/zod';
import { blogNeighbours } from '../lib/blogs/neighbours';
import { personShardUrl } from '../lib/favorites/people-index';
import { blogPath, profileCardPath, publicProfilePath, scheduleFeedPath, schedulePath } from '../lib/routes';
import { completionShardUrl, handleShardUrl } from '../lib/search/handle-index';
import { nameShardUrl } from '../lib/search/name-index';
import { foldForMatch } from '../lib/search/rank';
import { storeDisplayName } from '../lib/store-name';
import {
  publicAvailableNow,
  publicBlog,
  publicFrozenAccount,
  publicPost,
  publicShift,
  publicSlugRedirect,
  publicStore,
  publicTherapist,
  type ListedBlog,
  type PublicFrozenAccount,
  type PublicShift,
  type PublicStore,
  type PublicTherapist,
} from '../schema/public';
import { publicRanking } from '../schema/rankings';
import {
  publicAvailableNow as availableNowOf,
  publicBlogOf,
  publicFrozenAccounts,
  publicPostOf,
  publicRankings,
  publicShifts,
  publicStores,
  publicTherapists,
  rankingOfPublic,
  scheduledAfter,
  slugRedirects,
  type Derivation,
  type Profiles,
  type Publishing,
} from './derive';
import type { SourceDoc, SourceName } from './source-collections';

/**
 * The lookups over one export that `pages` reads. The pages' Directory
 * (src/data/directory.ts) has them; the registry names what it needs
 * instead of importing the pages' data.
 */
export interface ExportIndex {
  therapistsById: ReadonlyMap<string, PublicTherapist>;
  storesById: ReadonlyMap<string, PublicStore>;
  /** Former handles by owner uid (therapist or store). */
  frozenByOwner: ReadonlyMap<string, readonly PublicFrozenAccount[]>;
  shiftsByTherapist: ReadonlyMap<string, readonly PublicShift[]>;
  shiftsByStore: ReadonlyMap<string, readonly PublicShift[]>;
  therapistsByStore: ReadonlyMap<string, readonly PublicTherapist[]>;
  /** Each author's blogs, newest first. */
  blogsByAuthor: ReadonlyMap<string, readonly ListedBlog[]>;
}

/**
 * Records made one from each document of one source collection: what a
 * sharded collection needs (the export derives it shard by shard,
 * scripts/export/content-shards.ts).
 */
export interface EachDocument<T, F extends SourceName> {
  from: F;
  /** The document's public record, or null when it is not public. */
  record(id: string, doc: SourceDoc<F>, on: Publishing): T | null;
  /** When the document's record changes by itself after `now` (a scheduled diary comes due), or null. */
  changesAt?(doc: SourceDoc<F>, now: Date): Date | null;
}

export interface PublicCollection<T, F extends SourceName = SourceName> {
  /** Its file in the export folder; for a sharded collection, its folder of `{shard}.json` files. */
  file: string;
  /**
   * Sharded collections (the diaries and posts, 200,000 at scale): the uid
   * whose shard (src/lib/export-shards.ts) holds the record, so a change
   * rewrites and re-reads one small file. Records never move between shards.
   */
  shardBy?(record: T): string;
  /** What every record of the file must be (the export checks it before writing, the site when reading). */
  schema: ZodType<T, unknown>;
  /** A record's identity across two exports; the export writes the records in its order. */
  key(record: T): string;
  /** The Firestore collections (./source-collections.ts) whose documents decide the records. */
  sources: readonly SourceName[];
  /** How the records are made (./derive.ts): from the whole source, or one from each document of `from`. */
  derive: ((derivation: Derivation) => T[]) | EachDocument<T, F>;
  /**
   * What is kept of a record whose schema passed when records it depends on
   * failed theirs (scripts/export/data-files.ts): the record as it may
   * stay, or null when it goes with them. `kept` holds the profiles that
   * passed. Without it, the record stays as it is.
   */
  keep?(record: T, kept: Profiles): T | null;
  /** The URLs of the pages that show this record, in the export `site` it belongs to. */
  pages(record: T, site: ExportIndex): string[];
  /**
   * A record can be reported (/report, ./reports.ts) as the document
   * `{source}/{key}`, which the report form calls `label`. firestore.rules
   * keeps a copy of the list (reports/{id}); tests/unit/registry.test.ts
   * holds it equal.
   */
  report?: { source: SourceName; label: string };
}

/** An entry, its record type taken from its schema (and the document type of `derive.from`). */
function collection<T, F extends SourceName = SourceName>(entry: PublicCollection<T, F>): PublicCollection<T, F> {
  return entry;
}

/** The pages of an author's blogs (each shows her author card). */
function blogPagesOf(authorId: string, site: ExportIndex): string[] {
  return (site.blogsByAuthor.get(authorId) ?? []).map((blog) => blogPath(blog.id));
}

/** Her pages, and the shards of the handle, name and people indexes that carry her. */
function therapistOwnPages(therapist: PublicTherapist, site: ExportIndex): string[] {
  return [
    ...blogPagesOf(therapist.id, site),
    publicProfilePath('therapist', therapist.profileSlug),
    schedulePath(therapist.id),
    scheduleFeedPath(therapist.id),
    ...(therapist.photoURL ? [] : [profileCardPath(therapist.profileSlug)]),
    nameShardUrl(foldForMatch(therapist.displayName)),
    ...handleShardsOf(therapist, site),
    personShardUrl(therapist.id),
  ];
}

/** The handle-index files that hold a handle: its answer shard and its completion shard. */
function handleFiles(handle: string): string[] {
  const completion = completionShardUrl(handle);
  return completion ? [handleShardUrl(handle), completion] : [handleShardUrl(handle)];
}

/** The handle-index files holding a profile's former handles and its current X handle. */
function handleShardsOf(profile: PublicTherapist | PublicStore, site: ExportIndex): string[] {
  return [
    ...(site.frozenByOwner.get(profile.id) ?? []).flatMap((entry) => handleFiles(entry.handle)),
    ...(profile.channels.x ? handleFiles(profile.channels.x) : []),
  ];
}

function storePageOf(storeId: string | null, site: ExportIndex): string[] {
  const store = storeId ? site.storesById.get(storeId) : undefined;
  return store ? [publicProfilePath('store', store.profileSlug)] : [];
}

/** The pages that list an author's blogs and posts: her profile, and her store's page (it shows its people's latest). */
function authorPages(content: { userId: string; ownerKind: 'therapist' | 'store' }, site: ExportIndex): string[] {
  if (content.ownerKind === 'store') return storePageOf(content.userId, site);
  const therapist = site.therapistsById.get(content.userId);
  return therapist ? [publicProfilePath('therapist', therapist.profileSlug), ...storePageOf(therapist.storeId, site)] : [];
}

/** A blog's page and those of her blogs just before and after it (their 前の記事 / 次の記事 links name it). */
function blogAndNeighbours(blog: ListedBlog, site: ExportIndex): string[] {
  const { previous, next } = blogNeighbours(site.blogsByAuthor, blog);
  return [blog, previous, next].flatMap((each) => (each ? [blogPath(each.id)] : []));
}

/** The owner's page of a former handle (its description and list name the handles). */
function ownerPage(entry: PublicFrozenAccount, site: ExportIndex): string[] {
  if (entry.ownerKind === 'store') return storePageOf(entry.userId, site);
  const therapist = site.therapistsById.get(entry.userId);
  return therapist ? [publicProfilePath('therapist', therapist.profileSlug)] : [];
}

/** The name-index shard that carries a profile: its entry holds her shifts, claim level, 推し count and newest diary (src/data/name-index.ts). */
function nameShardOf(uid: string, site: ExportIndex): string[] {
  const therapist = site.therapistsById.get(uid);
  if (therapist) return [nameShardUrl(foldForMatch(therapist.displayName))];
  const store = site.storesById.get(uid);
  return store ? [nameShardUrl(foldForMatch(storeDisplayName(store)))] : [];
}

/** Kept while its owner's profile is. */
const whileOwnerKept = <T extends { userId: string }>(record: T, kept: Profiles): T | null =>
  kept.ownerKindOf(record.userId) ? record : null;

export const PUBLIC_COLLECTIONS = {
  therapists: collection({
    file: 'therapists.json',
    schema: publicTherapist,
    key: (therapist) => therapist.id,
    // storeRequests, memberships and stores decide her storeId; slugs settle a shared slug; suspensions hide her.
    sources: ['accounts', 'storeRequests', 'memberships', 'stores', 'suspensions', 'slugs'],
    derive: publicTherapists,
    // A store that failed its shape is no longer named as hers.
    keep: (therapist, kept) => (therapist.storeId && !kept.stores.has(therapist.storeId) ? { ...therapist, storeId: null } : therapist),
    pages: (therapist, site) => [
      ...therapistOwnPages(therapist, site),
      // Her store lists her (name, picture) and her shifts by name.
      ...storePageOf(therapist.storeId, site),
      ...(site.shiftsByTherapist.get(therapist.id) ?? []).flatMap((shift) => storePageOf(shift.storeId, site)),
    ],
    report: { source: 'accounts', label: 'セラピストのプロフィール' },
  }),
  stores: collection({
    file: 'stores.json',
    schema: publicStore,
    key: (store) => store.id,
    // storeVerifications: whether the operator verified it (its page shows its level).
    sources: ['stores', 'suspensions', 'slugs', 'storeVerifications'],
    derive: publicStores,
    pages: (store, site) => {
      // Everything that names the store: its members' pages, cards and index entries, and the
      // pages of whoever has a shift under it.
      const members = site.therapistsByStore.get(store.id) ?? [];
      const working = (site.shiftsByStore.get(store.id) ?? []).flatMap((shift) => site.therapistsById.get(shift.userId) ?? []);
      return [
        publicProfilePath('store', store.profileSlug),
        // Its document-id address redirects to the slug (src/data/profiles.ts), and follows a rename.
        publicProfilePath('store', store.id),
        ...blogPagesOf(store.id, site),
        ...(store.photoURL ? [] : [profileCardPath(store.profileSlug)]),
        nameShardUrl(foldForMatch(storeDisplayName(store))),
        ...handleShardsOf(store, site),
        personShardUrl(store.id),
        ...[...members, ...working].flatMap((therapist) => therapistOwnPages(therapist, site)),
      ];
    },
    report: { source: 'stores', label: '店舗のプロフィール' },
  }),
  frozenAccounts: collection({
    file: 'frozen-accounts.json',
    schema: publicFrozenAccount,
    key: (entry) => entry.id,
    // accounts, stores (and what decides them) say whether the owner is public; disputes set 確認中;
    // storeVerifications (and the confirming store's own record) decide whether 店舗確認済み shows.
    sources: ['frozenAccounts', 'disputes', 'suspensions', 'accounts', 'stores', 'slugs', 'storeVerifications'],
    derive: publicFrozenAccounts,
    keep: whileOwnerKept,
    // The people index lists her former handles (/favorites' 「新しいアカウント」).
    pages: (entry, site) => [
      ...ownerPage(entry, site),
      ...handleFiles(entry.handle),
      personShardUrl(entry.userId),
      ...nameShardOf(entry.userId, site),
    ],
    report: { source: 'frozenAccounts', label: '旧アカウントの登録' },
  }),
  shifts: collection({
    file: 'shifts.json',
    schema: publicShift,
    key: (shift) => shift.id,
    // Only shifts of public therapists, under her store only while she is its confirmed member.
    sources: ['schedules', 'accounts', 'storeRequests', 'memberships', 'stores', 'suspensions', 'slugs'],
    derive: publicShifts,
    // Kept while she is; under her store only while her profile still names it.
    keep: (shift, kept) => {
      const therapist = kept.therapists.get(shift.userId);
      if (!therapist) return null;
      return shift.storeId && therapist.storeId !== shift.storeId ? { ...shift, storeId: null } : shift;
    },
    pages: (shift, site) => {
      const therapist = site.therapistsById.get(shift.userId);
      return [
        ...(therapist
          ? [
              publicProfilePath('therapist', therapist.profileSlug),
              schedulePath(therapist.id),
              scheduleFeedPath(therapist.id),
              // Her handle answers and her people-index entry carry her next shift, her name-index entry her shift days.
              ...handleShardsOf(therapist, site),
              personShardUrl(therapist.id),
              ...nameShardOf(therapist.id, site),
            ]
          : []),
        ...storePageOf(shift.storeId, site),
      ];
    },
  }),
  redirects: collection({
    file: 'redirects.json',
    schema: publicSlugRedirect,
    key: (redirect) => redirect.from,
    // A held slug redirects to its owner's current slug while she is public.
    sources: ['slugs', 'accounts', 'stores', 'suspensions'],
    derive: ({ source, profiles, now }) =>
      slugRedirects(source.slugs, { therapists: profiles.therapists.values(), stores: profiles.stores.values() }, now),
    keep: (redirect, kept) => (kept.slugs[redirect.kind].has(redirect.to) ? redirect : null),
    pages: (redirect) => [publicProfilePath(redirect.kind, redirect.from)],
  }),
  blogs: collection({
    file: 'blogs',
    shardBy: (blog) => blog.userId,
    schema: publicBlog,
    key: (blog) => blog.id,
    // Published, its time come, not hidden, by a public author.
    sources: ['blogs', 'accounts', 'stores', 'storeRequests', 'memberships', 'suspensions', 'slugs'],
    derive: { from: 'blogs', record: publicBlogOf, changesAt: scheduledAfter },
    keep: whileOwnerKept,
    // The people index shows her latest blog; the name index ranks by it.
    pages: (blog, site) => [
      ...blogAndNeighbours(blog, site),
      ...authorPages(blog, site),
      personShardUrl(blog.userId),
      ...nameShardOf(blog.userId, site),
    ],
    report: { source: 'blogs', label: 'ブログ記事' },
  }),
  posts: collection({
    file: 'posts',
    shardBy: (post) => post.userId,
    schema: publicPost,
    key: (post) => post.id,
    sources: ['posts', 'accounts', 'stores', 'storeRequests', 'memberships', 'suspensions', 'slugs'],
    derive: { from: 'posts', record: publicPostOf },
    keep: whileOwnerKept,
    // The people index shows her latest post.
    pages: (post, site) => [...authorPages(post, site), personShardUrl(post.userId)],
    report: { source: 'posts', label: 'タイムラインの投稿' },
  }),
  availableNow: collection({
    file: 'available-now.json',
    schema: publicAvailableNow,
    key: (entry) => entry.userId,
    // Only for public therapists (what decides her profile, and her store, decides it too).
    sources: ['availableNow', 'accounts', 'storeRequests', 'memberships', 'stores', 'suspensions', 'slugs'],
    derive: availableNowOf,
    keep: whileOwnerKept,
    // Her profile, her store's page, her handle answers and her people-index entry show 今すぐ案内可; /today is a clock page.
    pages: (entry, site) => {
      const therapist = site.therapistsById.get(entry.userId);
      if (!therapist) return [];
      return [
        publicProfilePath('therapist', therapist.profileSlug),
        ...storePageOf(therapist.storeId, site),
        ...handleShardsOf(therapist, site),
        personShardUrl(therapist.id),
      ];
    },
  }),
  rankings: collection({
    file: 'rankings.json',
    schema: publicRanking,
    key: (ranking) => ranking.id,
    // The numbers of scripts/ranking.ts, for therapists who are still public.
    sources: ['rankings', 'accounts', 'storeRequests', 'memberships', 'stores', 'suspensions', 'slugs'],
    derive: ({ source, profiles }) => publicRankings(source.rankings, (uid) => profiles.therapists.get(uid)?.area),
    // Ranked again without the therapists who failed their shape.
    keep: (ranking, kept) => rankingOfPublic(ranking, (uid) => kept.therapists.get(uid)?.area),
    // The ranking pages show it (lists, which src/data/site-pages.ts compares); the name index ranks by its counts.
    pages: (ranking, site) => [
      ...new Set([...ranking.overall, ...Object.values(ranking.areas).flat()].flatMap((row) => nameShardOf(row.uid, site))),
    ],
  }),
};

export type PublicCollectionName = keyof typeof PUBLIC_COLLECTIONS;
export const PUBLIC_COLLECTION_NAMES = Object.keys(PUBLIC_COLLECTIONS) as PublicCollectionName[];

/** A record of a public collection. */
export type PublicRecord<N extends PublicCollectionName> = z.output<(typeof PUBLIC_COLLECTIONS)[N]['schema']>;

/** The whole export: every collection's records, in file order. */
export type ExportRecords = { [N in PublicCollectionName]: PublicRecord<N>[] };

/** An export without records (every collection empty). */
export function emptyExport(): ExportRecords {
  return Object.fromEntries(PUBLIC_COLLECTION_NAMES.map((name) => [name, []])) as unknown as ExportRecords;
}

/**
 * The owners of every other public record, in the order they are made:
 * the stores first (a therapist names her store only while it is public),
 * then the therapists.
 */
export const PROFILE_COLLECTIONS = ['stores', 'therapists'] as const satisfies readonly PublicCollectionName[];
