/**
 * Firestore for the islands: the lite SDK, since islands make one-shot
 * reads and transactions and never listen.
 */
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { firebaseApp } from './app';
import { emulatorOrigins, usesEmulators } from './config';

let db: Firestore | undefined;
export function clientDb(): Firestore {
  if (!db) {
    db = getFirestore(firebaseApp());
    if (usesEmulators) connectFirestoreEmulator(db, emulatorOrigins.firestore.host, emulatorOrigins.firestore.port);
  }
  return db;
}
