/**
 * Pictures picked for a blog but not uploaded yet (she has not saved, or
 * the save failed), kept in IndexedDB beside the text draft so a reload or
 * a crash does not lose them either. Keyed by the draft's key and the slot.
 * Every call resolves, also where IndexedDB is missing or refuses: the
 * pictures then live only as long as the tab.
 */
const DB_NAME = 'theralink-drafts';
const STORE = 'blog-images';

let opened: Promise<IDBDatabase | null> | undefined;

function database(): Promise<IDBDatabase | null> {
  opened ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await database();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request ? request.result : undefined);
      transaction.onerror = () => resolve(undefined);
      transaction.onabort = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

const range = (draftKey: string) => IDBKeyRange.bound(`${draftKey}#`, `${draftKey}#\uffff`);
const entryKey = (draftKey: string, slot: number) => `${draftKey}#${slot}`;

export function savePendingImage(draftKey: string, slot: number, blob: Blob): Promise<unknown> {
  return run('readwrite', (store) => store.put(blob, entryKey(draftKey, slot)));
}

export function dropPendingImage(draftKey: string, slot: number): Promise<unknown> {
  return run('readwrite', (store) => store.delete(entryKey(draftKey, slot)));
}

export function dropPendingImages(draftKey: string): Promise<unknown> {
  return run('readwrite', (store) => store.delete(range(draftKey)));
}

/** Every draft's pictures whose key starts with `prefix` (an account's, when she leaves). */
export function dropPendingImagesUnder(prefix: string): Promise<unknown> {
  return run('readwrite', (store) => store.delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`)));
}

/** The pictures kept for a draft, by slot. */
export async function readPendingImages(draftKey: string): Promise<Map<number, Blob>> {
  const found = new Map<number, Blob>();
  await run('readonly', (store) => {
    const cursor = store.openCursor(range(draftKey));
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      const slot = Number(String(at.key).split('#').at(-1));
      if (Number.isInteger(slot) && at.value instanceof Blob) found.set(slot, at.value);
      at.continue();
    };
  });
  return found;
}

/** Moves a draft's pictures to another draft key (a new blog got its id). */
export async function movePendingImages(fromKey: string, toKey: string): Promise<void> {
  const pictures = await readPendingImages(fromKey);
  await Promise.all([...pictures].map(([slot, blob]) => savePendingImage(toKey, slot, blob)));
  await dropPendingImages(fromKey);
}
