/**
 * Cloud Storage for the islands, created lazily. Import this module only
 * with a dynamic import() at the moment a file is picked, so pages that
 * never upload do not download the Storage SDK.
 */
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { STORAGE_DOWNLOAD_ORIGIN } from '../avatar/photo-path';
import { firebaseApp } from './app';
import { emulatorOrigins, firebaseConfig, usesEmulators } from './config';

let storage: FirebaseStorage | undefined;
export function clientStorage(): FirebaseStorage {
  if (!storage) {
    storage = getStorage(firebaseApp());
    if (usesEmulators) connectStorageEmulator(storage, emulatorOrigins.storage.host, emulatorOrigins.storage.port);
  }
  return storage;
}

/** Origins our download URLs come from: production's, and the emulator's when it is in use. */
export function storageDownloadOrigins(): string[] {
  const origins = [STORAGE_DOWNLOAD_ORIGIN];
  if (usesEmulators) {
    const { host, port } = emulatorOrigins.storage;
    origins.push(`http://${host}:${port}`);
    // The emulator answers on both names for the loopback address.
    if (host === '127.0.0.1') origins.push(`http://localhost:${port}`);
    if (host === 'localhost') origins.push(`http://127.0.0.1:${port}`);
  }
  return origins;
}

export const storageBucket = firebaseConfig.storageBucket;
