/**
 * The profile editors keep their draft in sessionStorage (useSessionDraft),
 * which writes it even before anything was typed. To tell real unsaved
 * changes from an untouched copy of an older document, the document the
 * draft started from (its base) is kept beside it: a draft equal to its
 * base holds no changes and gives way to the document as loaded now.
 */
import { clearDraft, readDraft } from '../forms/session-draft';
import { sameDraft } from './profile-form';

const baseKey = (key: string) => `${key}:base`;

function stored(key: string): boolean {
  try {
    return sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function write(key: string, value: object): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage off: drafts do not survive a reload either.
  }
}

/**
 * Call once before the draft is read. Drops a draft without changes, and
 * says whether a draft with changes remains (it then wins over `fromDoc`).
 */
export function settleDraft<T extends object>(key: string, fromDoc: T): boolean {
  if (stored(key) && stored(baseKey(key)) && sameDraft(readDraft(key, fromDoc), readDraft(baseKey(key), fromDoc))) {
    clearDraft(key);
  }
  const restored = stored(key) && !sameDraft(readDraft(key, fromDoc), fromDoc);
  // A restored draft keeps the base it was typed over; otherwise the draft starts from this document.
  if (!restored) write(baseKey(key), fromDoc);
  return restored;
}

/** Forgets the draft and its base (after a save, or 破棄). */
export function dropDraft(key: string): void {
  clearDraft(key);
  clearDraft(baseKey(key));
}
