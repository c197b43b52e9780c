/**
 * The stores a therapist can name as hers: published stores of one area
 * (stores where published == true and area == X, at most 200, sorted by
 * name here), and the one she names now, wherever it is.
 */
import { collection, doc, getDoc, getDocs, limit, query, where } from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';
import { storeDocName } from '../store-name';
import { errorCode } from '../firebase/error-code';

export const STORE_LIST_LIMIT = 200;

export interface StoreOption {
  id: string;
  name: string;
  area: string;
}

function optionFrom(id: string, data: Record<string, unknown>): StoreOption {
  const name = storeDocName(data);
  return { id, name: name || id, area: String(data.area ?? '') };
}

/** Sorted by name as a Japanese reader expects, then by id. */
export function sortStoreOptions(options: StoreOption[]): StoreOption[] {
  const collator = new Intl.Collator('ja');
  return [...options].sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export async function publishedStoresIn(area: string): Promise<StoreOption[]> {
  const snapshot = await getDocs(
    query(collection(clientDb(), 'stores'), where('published', '==', true), where('area', '==', area), limit(STORE_LIST_LIMIT)),
  );
  return sortStoreOptions(snapshot.docs.map((store) => optionFrom(store.id, store.data())));
}

/** One store by id; null when it is missing or not readable (not published). */
export async function readStoreOption(id: string): Promise<StoreOption | null> {
  try {
    const snapshot = await getDoc(doc(clientDb(), 'stores', id));
    return snapshot.exists() ? optionFrom(id, snapshot.data()) : null;
  } catch (error) {
    if (errorCode(error) === 'permission-denied') return null;
    throw error;
  }
}
