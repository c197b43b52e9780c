/**
 * Watches the collections the public pages are built from and calls back,
 * debounced, with the names of those that changed. Only changes after the
 * first snapshot of each collection count. Runs one rebuild at a time:
 * changes during a rebuild queue one more.
 */
import type { Firestore } from 'firebase-admin/firestore';

export const PUBLIC_SOURCE_COLLECTIONS = ['accounts', 'stores', 'frozenAccounts', 'schedules'] as const;

export function watchPublicContent(
  db: Firestore,
  onChange: (collections: Set<string>) => Promise<void>,
  debounceMs = 800,
): () => void {
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

  const unsubscribes = PUBLIC_SOURCE_COLLECTIONS.map((name) => {
    let first = true;
    return db.collection(name).onSnapshot(
      () => {
        if (first) {
          first = false;
          return;
        }
        pending.add(name);
        clearTimeout(timer);
        timer = setTimeout(() => void flush(), debounceMs);
      },
      (error) => console.error(`[watch] ${name}: ${error.message}`),
    );
  });
  return () => {
    clearTimeout(timer);
    unsubscribes.forEach((unsubscribe) => unsubscribe());
  };
}
