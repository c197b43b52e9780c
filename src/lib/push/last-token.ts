/**
 * The token this browser last stored for a user, kept in localStorage so a
 * changed token's old document can be deleted. Storage can be missing or
 * throw (private browsing, disabled storage): then nothing is remembered.
 */
export interface LastTokenMemory {
  get(uid: string): string | null;
  set(uid: string, token: string): void;
}

const key = (uid: string) => `theralink:push-token:${uid}`;

export function storageLastToken(storage: () => Storage | undefined = () => globalThis.localStorage): LastTokenMemory {
  return {
    get(uid) {
      try {
        return storage()?.getItem(key(uid)) ?? null;
      } catch {
        return null;
      }
    },
    set(uid, token) {
      try {
        storage()?.setItem(key(uid), token);
      } catch {
        // Not remembering only means an old token document may outlive its token.
      }
    },
  };
}
