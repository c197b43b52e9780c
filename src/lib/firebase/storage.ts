/**
 * Cloud Storage for the islands, created lazily. Import this module only
 * with a dynamic import() at the moment a file is picked, so pages that
 * never upload do not download the Storage SDK.
 */
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { firebaseApp } from './app';
import { emulatorOrigins, usesEmulators } from './config';

let storage: FirebaseStorage | undefined;
export function clientStorage(): FirebaseStorage {
  if (!storage) {
    storage = getStorage(firebaseApp());
    if (usesEmulators) connectStorageEmulator(storage, emulatorOrigins.storage.host, emulatorOrigins.storage.port);
  }
  return storage;
}
