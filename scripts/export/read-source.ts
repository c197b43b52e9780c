/**
 * Reads the source collections (src/registry/source-collections.ts) into
 * the export's mirror, validating every document against its schema. A
 * document that fails is skipped and logged (see report.ts), never allowed
 * to stop the export.
 *
 * `readAll` reads everything (the first run, `--full` and the periodic
 * reconciliation); `readChanges` only what changed after the cursors: each
 * collection's documents written since (their updatedAt / createdAt), the
 * documents named by tombstones since (deletes), and the slugs of owners
 * whose profile changed. Each counts the reads Firestore bills: one per
 * document returned, and one for a query that returns nothing.
 *
 * Besides the public profiles it reads the private records that decide
 * what is shown (store requests, memberships, slugs, disputes, suspensions,
 * store verifications); only facts derived from them leave. users,
 * customers, announcements, favorites and reports are never read.
 */
import { Timestamp, type DocumentSnapshot, type Firestore, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { DELETIONS_COLLECTION } from '../../src/schema/deletion-ids';
import { deletionDoc } from '../../src/schema/deletions';
import {
  PROFILE_SOURCES,
  SOURCE_COLLECTIONS,
  SOURCE_NAMES,
  type SourceCollection,
  type SourceDocs,
  type SourceName,
} from '../../src/registry/source-collections';
import type { ChangeFeed, FeedRead } from '../watch-content';
import { problemsOf, SkipLog, type Problem } from './report';
import { newMirror, spillIfLarge } from './mirror-files';
import { CURSOR_NAMES, cursorFieldOf, putDoc, SHARDED_SOURCES, type CursorName, type SourceMirror } from './source-mirror';

export class EmptySourceError extends Error {}

/**
 * Reads billed by Firestore (documents returned, at least one per query),
 * and the server's time of the earliest read: the next cycle's cursor, so
 * no clock but Firestore's decides what counts as "since".
 */
export class ReadCounter {
  total = 0;
  earliest: Timestamp | null = null;
  add(snapshot: { size: number; readTime: Timestamp }): void {
    this.addStreamed(snapshot.size, snapshot.readTime);
  }
  /** A streamed query's documents (`readTime`: its first document's; null when it returned none). */
  addStreamed(size: number, readTime: Timestamp | null): void {
    this.total += Math.max(1, size);
    if (readTime && (!this.earliest || readTime.toMillis() < this.earliest.toMillis())) this.earliest = readTime;
  }
  /** A single document read. */
  addOne(): void {
    this.total += 1;
  }
}

/** Puts one document's current state into the mirror: valid, malformed (skipped) or gone. */
function applyDocument(mirror: SourceMirror, name: SourceName, id: string, raw: unknown | undefined, log: SkipLog): void {
  const key = `${name}/${id}`;
  mirror.skipped.delete(key);
  if (raw === undefined) {
    putDoc(mirror, name, id, undefined);
    return;
  }
  const spec = SOURCE_COLLECTIONS[name];
  const result = spec.schema.safeParse(raw);
  let problems: Problem[] | null = null;
  if (!result.success) problems = problemsOf(result.error.issues);
  else {
    const idProblem = (spec.idCheck as (id: string, data: unknown) => string | null)(id, result.data);
    if (idProblem) problems = [{ path: '(id)', message: idProblem }];
  }
  if (!problems) {
    putDoc(mirror, name, id, result.data);
    return;
  }
  if ('presentWhenMalformed' in spec && spec.presentWhenMalformed) {
    problems.push({ path: '(document)', message: 'malformed, but the account is still treated as suspended' });
    putDoc(mirror, name, id, null);
  } else {
    putDoc(mirror, name, id, undefined);
  }
  log.skip(name, id, problems);
  mirror.skipped.set(key, log.skipped.at(-1)!);
}

async function readInto(query: Query, name: SourceName, mirror: SourceMirror, log: SkipLog, reads: ReadCounter): Promise<string[]> {
  return applyRead(await query.get(), name, mirror, log, reads);
}

/** Counts a query's snapshot (or a feed's read) as the reads it bills. */
function countRead(read: FeedRead, name: string, log: SkipLog, reads: ReadCounter): void {
  reads.add({ size: read.docs.length, readTime: read.readTime });
  log.countRead(name, read.docs.length);
}

/** Puts the documents of a query's snapshot (or a feed's read) into the mirror. */
function applyRead(read: FeedRead, name: SourceName, mirror: SourceMirror, log: SkipLog, reads: ReadCounter): string[] {
  countRead(read, name, log, reads);
  for (const doc of read.docs) applyDocument(mirror, name, doc.id, doc.data(), log);
  return read.docs.map((doc) => doc.id);
}

/**
 * A whole query, document by document as Firestore streams them, never all
 * together: the diaries and posts are written out as they pass
 * `spillDocuments` (default SPILL_DOCUMENTS, export/mirror-files.ts).
 */
async function streamInto(
  query: Query,
  name: SourceName,
  mirror: SourceMirror,
  log: SkipLog,
  reads: ReadCounter,
  spillDocuments?: number,
): Promise<void> {
  const sharded = SHARDED_SOURCES.includes(name);
  let size = 0;
  let readTime: Timestamp | null = null;
  for await (const doc of query.stream() as AsyncIterable<QueryDocumentSnapshot>) {
    readTime ??= doc.readTime;
    applyDocument(mirror, name, doc.id, doc.data(), log);
    size++;
    if (sharded) await spillIfLarge(mirror, spillDocuments);
  }
  reads.addStreamed(size, readTime);
  log.countRead(name, size);
}

/**
 * Everything, from scratch (dated collections, the shifts, from
 * `firstShiftDate` on), into a new mirror to be saved to `file`. The
 * sharded sources one after the other: each spills what it holds.
 */
export async function readAll(
  db: Firestore,
  file: string,
  firstShiftDate: string,
  at: Date,
  log: SkipLog,
  reads: ReadCounter,
  spillDocuments?: number,
): Promise<SourceMirror> {
  const mirror = newMirror(file, at);
  const queryOf = (name: SourceName) => {
    const all = db.collection(name);
    const { datedBy } = SOURCE_COLLECTIONS[name] as SourceCollection;
    return datedBy ? all.where(datedBy, '>=', firstShiftDate) : all;
  };
  const held = SOURCE_NAMES.filter((name) => !SHARDED_SOURCES.includes(name));
  await Promise.all([
    ...held.map((name) => streamInto(queryOf(name), name, mirror, log, reads)),
    (async () => {
      for (const name of SHARDED_SOURCES) await streamInto(queryOf(name), name, mirror, log, reads, spillDocuments);
    })(),
  ]);
  assertNotEmpty(mirror);
  return mirror;
}

/**
 * What changed since each query's cursor (less `overlapMs`), merged into
 * `mirror`. `only`: the collections known to have changed (the watcher's
 * report); the others are not queried, and keep their cursors so that
 * their next query reads everything they missed. Tombstones are always
 * read. `feed`: the watcher's listeners, which hold what a query would
 * return (scripts/watch-content.ts); a collection they cannot vouch for is
 * queried. Returns the queries it ran, whose cursors move on.
 */
export async function readChanges(
  db: Firestore,
  mirror: SourceMirror,
  overlapMs: number,
  log: SkipLog,
  reads: ReadCounter,
  { only, feed }: { only?: ReadonlySet<string>; feed?: ChangeFeed } = {},
): Promise<CursorName[]> {
  const since = (name: CursorName) => Timestamp.fromMillis(mirror.cursors[name].getTime() - overlapMs);
  const queried = CURSOR_NAMES.filter((name) => name === DELETIONS_COLLECTION || !only || only.has(name));
  /** The documents changed since the cursor: from the feed, else by a query on the cursor field. */
  const changesOf = async (name: CursorName): Promise<FeedRead> =>
    feed?.changesSince(name, since(name)) ?? (await db.collection(name).where(cursorFieldOf(name), '>', since(name)).get());
  const changed = new Map<SourceName, string[]>();
  await Promise.all(
    queried.map(async (name) => {
      if (name === DELETIONS_COLLECTION) return;
      changed.set(name, applyRead(await changesOf(name), name, mirror, log, reads));
    }),
  );

  const tombstones = await changesOf(DELETIONS_COLLECTION);
  countRead(tombstones, DELETIONS_COLLECTION, log, reads);
  await Promise.all(
    tombstones.docs.map(async (tombstone) => {
      const parsed = deletionDoc.safeParse(tombstone.data());
      if (!parsed.success || !(parsed.data.collection in SOURCE_COLLECTIONS)) return;
      const collection = parsed.data.collection as SourceName;
      const { docId } = parsed.data;
      // Deleted and written again since: the changed documents already hold its new state.
      if (changed.get(collection)?.includes(docId)) return;
      const doc: DocumentSnapshot = await db.collection(collection).doc(docId).get();
      reads.addOne();
      applyDocument(mirror, collection, docId, doc.exists ? doc.data() : undefined, log);
    }),
  );

  const owners = new Set(PROFILE_SOURCES.flatMap((name) => changed.get(name) ?? []));
  await Promise.all([...owners].map((uid) => readInto(db.collection('slugs').where('userId', '==', uid), 'slugs', mirror, log, reads)));
  assertNotEmpty(mirror);
  return queried;
}

/** Documents of the dated collections (shifts) before `firstShiftDate` are over: the mirror forgets them. */
export function dropPastShifts(mirror: SourceMirror, firstShiftDate: string): void {
  for (const name of SOURCE_NAMES) {
    const { datedBy } = SOURCE_COLLECTIONS[name] as SourceCollection;
    if (!datedBy) continue;
    const past = [...mirror.docs[name]].filter(([, doc]) => doc && (doc as Record<string, string>)[datedBy]! < firstShiftDate);
    for (const [id] of past) putDoc(mirror, name, id, undefined);
  }
}

const sortedById = (docs: Map<string, unknown>) =>
  new Map([...docs].filter((entry) => entry[1] !== null).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The mirror as the derivations read it (SourceDocs): valid documents in id
 * order, and the ids of the collections whose presence alone counts (the
 * suspended uids, the verified stores, malformed ones included where they
 * fail closed). The sharded sources are not among them: they are derived
 * shard by shard from the mirror's files (export/content-shards.ts).
 */
export function sourceDocsOf(mirror: SourceMirror): SourceDocs {
  const { docs } = mirror;
  return Object.fromEntries(
    SOURCE_NAMES.map((name) => {
      if ('presence' in SOURCE_COLLECTIONS[name]) return [name, new Set([...docs[name].keys()].sort())];
      return [name, SHARDED_SOURCES.includes(name) ? new Map() : sortedById(docs[name])];
    }),
  ) as SourceDocs;
}

function assertNotEmpty(mirror: SourceMirror): void {
  if (mirror.docs.accounts.size > 0 || mirror.docs.stores.size > 0) return;
  const unreadable = [...mirror.skipped.values()].filter((s) => s.collection === 'accounts' || s.collection === 'stores').length;
  throw new EmptySourceError(
    unreadable > 0
      ? `None of the ${unreadable} documents in accounts and stores passed its schema: nothing to export ` +
          '(demo data from an older version? Delete .data/emulators and run `npm start` again to reseed).'
      : 'Firestore holds no documents in accounts or stores: nothing to export (run `npm run seed` for demo data).',
  );
}
