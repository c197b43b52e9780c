/**
 * Watches the collections the public pages are built from and calls back,
 * debounced, with the names of those that changed. Only changes after the
 * first snapshot of each collection count, so `ready` resolves once every
 * collection has had its first one. Runs one rebuild at a time: changes
 * during a rebuild queue one more.
 *
 * A collection the export reads by a cursor is watched from now on by that
 * same field (what the export would not read does not call back either), so
 * the listener holds what changed since the start, not the collection:
 * listening to 200,000 diaries kept them all in this process and made the
 * emulator slow to tell of a change.
 *
 * What the listeners hold is also a change feed (`feed`): the export of the
 * cycle they call takes the changed documents from it instead of querying
 * by its cursor again. The query costs Firestore an index scan; the
 * emulator scans every document of the collection (2–5 s over 200,000
 * diaries, in every cycle that published one).
 */
import { Timestamp, type Firestore, type Query, type QueryDocumentSnapshot, type QuerySnapshot } from 'firebase-admin/firestore';
import { SOURCE_NAMES } from '../src/registry/source-collections';
import { DELETIONS_COLLECTION } from '../src/schema/deletion-ids';
import { CURSOR_NAMES, cursorFieldOf, type CursorName } from './export/source-mirror';

/**
 * What the export derives the public pages from (the source registry),
 * and the tombstones of deletes.
 */
export const PUBLIC_SOURCE_COLLECTIONS = [...SOURCE_NAMES, DELETIONS_COLLECTION] as const;

type WatchedName = (typeof PUBLIC_SOURCE_COLLECTIONS)[number];

/** Documents as one snapshot of a listener saw them, and its read time. */
export interface FeedRead {
  readTime: Timestamp;
  docs: QueryDocumentSnapshot[];
}

export interface ChangeFeed {
  /**
   * The documents of `name` whose cursor field (deletedAt for the
   * tombstones) is after `since`, as its listener last saw them; undefined
   * when the listener cannot vouch for all of them (it began after `since`,
   * has no snapshot yet, or failed), and the caller queries instead.
   */
  changesSince(name: string, since: Timestamp): FeedRead | undefined;
}

export interface ContentWatch {
  /** Resolves once every collection's first snapshot has arrived (later changes count). */
  ready: Promise<void>;
  feed: ChangeFeed;
  stop(): void;
}

/** The field a collection's changes are read by, or null for one watched whole. */
function cursorField(name: string): string | null {
  return (CURSOR_NAMES as readonly string[]).includes(name) ? cursorFieldOf(name as CursorName) : null;
}

/** What the watch listens to for `name`: changes from `since` on by its cursor field, else the whole (small) collection. */
function watched(db: Firestore, name: WatchedName, since: Timestamp): Query {
  const field = cursorField(name);
  return field ? db.collection(name).where(field, '>=', since) : db.collection(name);
}

/**
 * Whether a field holds a timestamp after `since`, in Firestore's order
 * (Timestamp.valueOf sorts as a string, nanoseconds included), strictly
 * as the query's `>`. Duck-typed, as the schemas check a timestamp
 * (src/schema/common.ts).
 */
const after = (value: unknown, since: Timestamp) =>
  typeof (value as Timestamp | null)?.toMillis === 'function' && (value as Timestamp).valueOf() > since.valueOf();

export function watchPublicContent(db: Firestore, onChange: (collections: Set<string>) => Promise<void>, debounceMs = 250): ContentWatch {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const flush = async () => {
    if (running) return;
    const changed = pending;
    pending = new Set();
    running = onChange(changed);
    await running;
    running = undefined;
    if (pending.size > 0) void flush();
  };

  const firstSnapshots: Promise<void>[] = [];
  /** Each listener's start and latest snapshot (removed when it fails). */
  const listening = new Map<string, { began: Timestamp; latest?: QuerySnapshot }>();
  const unsubscribes = PUBLIC_SOURCE_COLLECTIONS.map((name) => {
    let first = true;
    let arrived!: () => void;
    firstSnapshots.push(new Promise((resolve) => (arrived = resolve)));
    const began = Timestamp.now();
    const listener: { began: Timestamp; latest?: QuerySnapshot } = { began };
    listening.set(name, listener);
    return watched(db, name, began).onSnapshot(
      (snapshot) => {
        listener.latest = snapshot;
        if (first) {
          first = false;
          arrived();
          return;
        }
        pending.add(name);
        clearTimeout(timer);
        timer = setTimeout(() => void flush(), debounceMs);
      },
      (error) => {
        listening.delete(name);
        console.error(`[watch] ${name}: ${error.message}`);
      },
    );
  });
  const feed: ChangeFeed = {
    changesSince(name, since) {
      const listener = listening.get(name);
      const field = cursorField(name);
      if (!listener?.latest || !field || since.valueOf() < listener.began.valueOf()) return undefined;
      return { readTime: listener.latest.readTime, docs: listener.latest.docs.filter((doc) => after(doc.get(field), since)) };
    },
  };
  return {
    ready: Promise.all(firstSnapshots).then(() => undefined),
    feed,
    stop() {
      clearTimeout(timer);
      unsubscribes.forEach((unsubscribe) => unsubscribe());
    },
  };
}
