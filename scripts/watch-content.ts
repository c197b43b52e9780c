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
 */
import { Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import { SOURCE_COLLECTIONS, SOURCE_NAMES } from '../src/registry/source-collections';
import { DELETIONS_COLLECTION } from '../src/schema/deletion-ids';

/**
 * What the export derives the public pages from (the source registry),
 * and the tombstones of deletes.
 */
export const PUBLIC_SOURCE_COLLECTIONS = [...SOURCE_NAMES, DELETIONS_COLLECTION] as const;

export interface ContentWatch {
  /** Resolves once every collection's first snapshot has arrived (later changes count). */
  ready: Promise<void>;
  stop(): void;
}

/** What the watch listens to for `name`: changes from `since` on by its cursor field, else the whole (small) collection. */
function watched(db: Firestore, name: (typeof PUBLIC_SOURCE_COLLECTIONS)[number], since: Timestamp): Query {
  if (name === DELETIONS_COLLECTION) return db.collection(name).where('deletedAt', '>=', since);
  const { changes } = SOURCE_COLLECTIONS[name];
  return 'field' in changes ? db.collection(name).where(changes.field, '>=', since) : db.collection(name);
}

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
  const unsubscribes = PUBLIC_SOURCE_COLLECTIONS.map((name) => {
    let first = true;
    let arrived!: () => void;
    firstSnapshots.push(new Promise((resolve) => (arrived = resolve)));
    return watched(db, name, Timestamp.now()).onSnapshot(
      () => {
        if (first) {
          first = false;
          arrived();
          return;
        }
        pending.add(name);
        clearTimeout(timer);
        timer = setTimeout(() => void flush(), debounceMs);
      },
      (error) => console.error(`[watch] ${name}: ${error.message}`),
    );
  });
  return {
    ready: Promise.all(firstSnapshots).then(() => undefined),
    stop() {
      clearTimeout(timer);
      unsubscribes.forEach((unsubscribe) => unsubscribe());
    },
  };
}
