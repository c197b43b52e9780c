/**
 * How `moderate` reads what Firestore holds: fields that clients wrote
 * (any type, any text), stored times shown in Tokyo, user ids checked
 * before they name a document.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { tokyoStamp } from '../../src/lib/tokyo-date';

/** A field as text: a string as it is, anything else as JSON. */
export const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
/** A stored time as the operator reads it, in Tokyo (sortable as text). */
export const when = (value: unknown) => (value instanceof Timestamp ? `${tokyoStamp(value.toDate())} JST` : text(value));
/** What a client wrote, on one line (its line breaks as spaces). */
export const oneLine = (value: unknown) => text(value).replace(/\s+/g, ' ');
/** Oldest first by the time in `field`. */
export const byTimeOf =
  (field: string) =>
  <T extends { get(field: string): unknown }>(x: T, y: T) =>
    when(x.get(field)) < when(y.get(field)) ? -1 : 1;

/** A user id as Firestore paths take it (a client-written field is checked before it names a document). */
export const isUid = (value: string) => value.length > 0 && value.length <= 128 && !value.includes('/');
