/**
 * The writes of 推し and handle watches (docs/decisions/favorites-and-handle-watches.md) as a
 * client makes them, so a test can make them right or bend one part: an
 * item keyed by its target and its counter on users/{owner}, in one batch.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, serverTimestamp, writeBatch } from 'firebase/firestore';
import type { Db, Role } from './helpers';

type Data = Record<string, unknown>;

export interface CountedItems {
  /** favorites/{owner}/items or handleWatches/{owner}/handles. */
  parent: 'favorites' | 'handleWatches';
  sub: 'items' | 'handles';
  countKey: 'favoriteCount' | 'watchCount';
  markerKey: 'lastFavoriteTarget' | 'lastWatchedHandle';
}

export const FAVORITE_ITEMS: CountedItems = {
  parent: 'favorites',
  sub: 'items',
  countKey: 'favoriteCount',
  markerKey: 'lastFavoriteTarget',
};
export const WATCH_ITEMS: CountedItems = {
  parent: 'handleWatches',
  sub: 'handles',
  countKey: 'watchCount',
  markerKey: 'lastWatchedHandle',
};

export interface Bend {
  /** Another item path than the id's. */
  path?: string;
  /** The users change instead of {countKey: count, markerKey: id}; null: none. */
  counter?: Data | null;
  /** Create users/{owner} (with createdAt) instead of updating it. */
  createUser?: boolean;
}

/**
 * The five roles these private collections are tested as: signed out,
 * alice (the owner, a fan), bob (another fan), the store shop and the
 * therapist miu (whom alice 推す: she must not learn it either).
 */
export function fanRoles(env: () => RulesTestEnvironment): Role[] {
  const as = (uid: string) => () => env().authenticatedContext(uid).firestore();
  return [
    { role: 'signed out', owner: false, db: () => env().unauthenticatedContext().firestore() },
    { role: 'owner (a fan)', owner: true, db: as('alice') },
    { role: 'other user (a fan)', owner: false, db: as('bob') },
    { role: 'store', owner: false, db: as('shop') },
    { role: 'therapist (the one she 推す)', owner: false, db: as('miu') },
  ];
}

export function countedWrites(items: CountedItems, owner = 'alice') {
  const itemPath = (id: string, of = owner) => `${items.parent}/${of}/${items.sub}/${id}`;
  const counterOf = (id: string, count: number) => ({ [items.countKey]: count, [items.markerKey]: id });

  return {
    itemPath,
    counterOf,
    /** Creates the item `data` at id with the counter moved to `count`. */
    add(db: Db, id: string, data: Data, count: number, bend: Bend = {}) {
      const batch = writeBatch(db);
      batch.set(doc(db, bend.path ?? itemPath(id)), data);
      const counter = bend.counter === undefined ? counterOf(id, count) : bend.counter;
      const user = doc(db, 'users', owner);
      if (counter && bend.createUser) batch.set(user, { createdAt: serverTimestamp(), ...counter });
      else if (counter) batch.update(user, counter);
      return batch.commit();
    },
    /** Deletes the item at id with the counter moved to `count`. */
    remove(db: Db, id: string, count: number, counter: Data | null = counterOf(id, count)) {
      const batch = writeBatch(db);
      batch.delete(doc(db, itemPath(id)));
      if (counter) batch.update(doc(db, 'users', owner), counter);
      return batch.commit();
    },
    /** users/{owner}[countKey] as stored (read past the rules). */
    async storedCount(env: RulesTestEnvironment): Promise<unknown> {
      let count: unknown;
      await env.withSecurityRulesDisabled(async (context) => {
        count = (await context.firestore().doc(`users/${owner}`).get()).get(items.countKey);
      });
      return count;
    },
  };
}
