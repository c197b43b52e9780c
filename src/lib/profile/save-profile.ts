/**
 * Saves the profile editor's values in one transaction (firestore.rules
 * check the same protocol):
 * - a changed slug: slugs/{new} claimed as {userId, kind, releasedAt: null}
 *   (SlugTakenError when someone holds it or held it recently),
 *   slugs/{old} kept with releasedAt = server time and listed in
 *   slugHolds/{uid}, and past MAX_HELD_SLUGS the oldest hold deleted with
 *   its tombstone (slug-plan.ts);
 * - a changed current X handle: currentHandles/x_{old} deleted when hers,
 *   currentHandles/x_{new} = {userId} (CurrentHandleTakenError when taken);
 * - the profile: exactly the editable keys, updatedAt = server time; a
 *   store's changed courses, then options, each in an update of its own
 *   after the transaction (the rules' expression budget cannot hold more);
 * - a therapist's store request (storeRequests/{uid}, private to her and the
 *   store): rewritten only when the chosen store changed, requestedAt =
 *   server time (null when cleared): a store confirms one request at a time.
 * userId, createdAt and photo are left untouched.
 */
import { doc, getDoc, runTransaction, serverTimestamp, updateDoc, type Transaction } from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';
import { deleteWithTombstone } from '../firebase/tombstone';
import { storeRequestRef, storeRequestWrite } from '../membership/client';
import { storeRequestFrom } from '../membership/state';
import { currentHandleTakenMessage, CurrentHandleTakenError, readCurrentHandlePlan } from './current-handle';
import { profileCollection, type ProfileKind } from './kinds';
import { sameDraft, type StoreValues, type TherapistValues } from './profile-form';
import { planSlugChange, SLUG_TAKEN_MESSAGE, slugHolderFrom, slugState, type ListedHold, type SlugState } from './slug-plan';

export { CurrentHandleTakenError, currentHandleTakenMessage, SLUG_TAKEN_MESSAGE };

export class SlugTakenError extends Error {
  readonly code = 'slug-taken';
  constructor() {
    super(SLUG_TAKEN_MESSAGE);
  }
}

export class ProfileMissingError extends Error {
  readonly code = 'not-found';
  constructor() {
    super('profile document missing');
  }
}

const channelX = (channels: unknown): string | undefined => {
  const x = (channels as { x?: unknown } | null | undefined)?.x;
  return typeof x === 'string' && x !== '' ? x : undefined;
};

/** Her slugHolds list (slugs/ docs read for each), in the transaction; empty when she has none. */
async function readHolds(transaction: Transaction, uid: string): Promise<ListedHold[]> {
  const db = clientDb();
  const list = (await transaction.get(doc(db, 'slugHolds', uid))).data()?.slugs;
  const slugs = Array.isArray(list) ? list.filter((slug): slug is string => typeof slug === 'string') : [];
  const docs = await Promise.all(slugs.map((slug) => transaction.get(doc(db, 'slugs', slug))));
  return slugs.map((slug, index) => ({ slug, holder: slugHolderFrom(docs[index]?.data()) }));
}

export async function saveProfile(uid: string, kind: ProfileKind, values: TherapistValues | StoreValues): Promise<void> {
  const db = clientDb();
  const profileRef = doc(db, profileCollection(kind), uid);
  // Set inside the transaction; a holder, as TypeScript does not follow assignments made in a callback.
  const changed: { menu: Partial<Pick<StoreValues, 'courses' | 'options'>>[] } = { menu: [] };
  await runTransaction(db, async (transaction) => {
    const profile = await transaction.get(profileRef);
    if (!profile.exists()) throw new ProfileMissingError();
    // A therapist's values carry the store she asks (not a profile field); a store's carry none.
    const { storeId: chosenStore, ...profileValues } = { storeId: undefined, ...values };
    const storeRequest = chosenStore === undefined ? null : storeRequestFrom((await transaction.get(storeRequestRef(uid))).data());
    const stored = profile.data();
    const current = String(stored.profileSlug ?? '');
    const next = values.profileSlug;
    let nextHolder = null;
    let currentHolder = null;
    let holds: ListedHold[] = [];
    if (next !== current) {
      const [nextSlug, currentSlug, listed] = await Promise.all([
        transaction.get(doc(db, 'slugs', next)),
        current ? transaction.get(doc(db, 'slugs', current)) : Promise.resolve(null),
        readHolds(transaction, uid),
      ]);
      nextHolder = slugHolderFrom(nextSlug.data());
      currentHolder = slugHolderFrom(currentSlug?.data());
      holds = listed;
    }
    const slugPlan = planSlugChange({ uid, kind, current, next, nextHolder, currentHolder, holds, now: new Date() });
    if (slugPlan.taken) throw new SlugTakenError();
    const nextX = channelX(values.channels);
    const handlePlan = await readCurrentHandlePlan(uid, channelX(stored.channels), nextX);
    if (handlePlan.taken) throw new CurrentHandleTakenError(nextX ?? '', handlePlan.kind);

    if (slugPlan.claim) {
      const { slug, userId, kind: slugKind } = slugPlan.claim;
      transaction.set(doc(db, 'slugs', slug), { userId, kind: slugKind, releasedAt: null });
    }
    if (slugPlan.release) {
      const { slug, userId, kind: slugKind } = slugPlan.release;
      transaction.update(doc(db, 'slugs', slug), { userId, kind: slugKind, releasedAt: serverTimestamp() });
    }
    for (const slug of slugPlan.free) deleteWithTombstone(db, transaction, 'slugs', slug);
    if (slugPlan.holds) transaction.set(doc(db, 'slugHolds', uid), { slugs: slugPlan.holds });
    if (handlePlan.release) transaction.delete(doc(db, 'currentHandles', handlePlan.release));
    if (handlePlan.claim) transaction.set(doc(db, 'currentHandles', handlePlan.claim), { userId: uid });
    if (storeRequest && chosenStore !== undefined && storeRequest.storeId !== chosenStore) {
      transaction.set(storeRequestRef(uid), storeRequestWrite(uid, chosenStore));
    }
    const { courses, options, ...rest } = { courses: undefined, options: undefined, ...profileValues };
    transaction.update(profileRef, { ...rest, updatedAt: serverTimestamp() });
    if (courses && !sameDraft(courses, stored.courses ?? [])) changed.menu.push({ courses });
    if (options && !sameDraft(options, stored.options ?? [])) changed.menu.push({ options });
  });
  // A store's changed courses, then options, each a write of its own (the rules check them apart: firestore.rules isMenuSave).
  for (const list of changed.menu) await updateDoc(profileRef, { ...list, updatedAt: serverTimestamp() });
}

/** What a slug is to `uid` now (a read anyone may make); uid '' for someone without an account yet. */
export async function checkSlug(slug: string, uid: string): Promise<SlugState> {
  const snapshot = await getDoc(doc(clientDb(), 'slugs', slug));
  return slugState(slugHolderFrom(snapshot.data()), uid, new Date());
}
