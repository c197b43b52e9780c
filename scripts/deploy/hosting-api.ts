/**
 * The part of the Firebase Hosting REST API (v1beta1) a deploy speaks, as
 * documented (firebase.google.com/docs/reference/hosting/rest/v1beta1) and
 * as firebase-tools calls it (lib/deploy/hosting/, lib/hosting/api.js):
 * one home for its resources, paths and limits, shared by the client
 * (./hosting-client.ts) and the local stand-in (./hosting-stand-in.ts).
 * The contract in prose: docs/decisions/incremental-deploy.md.
 */

/** Where firebase-tools sends its Hosting calls (it too honours FIREBASE_HOSTING_API_URL). */
export const HOSTING_API_ORIGIN = 'https://firebasehosting.googleapis.com';
export const API_VERSION = 'v1beta1';
/** firebase-tools' gzip level: a file's hash is the SHA-256 of exactly these bytes. */
export const GZIP_LEVEL = 9;
/** Paths per populateFiles call (firebase-tools' populateBatchSize; the stand-in refuses more). */
export const POPULATE_BATCH = 1000;
/** OAuth scope for the Hosting calls. */
export const HOSTING_SCOPE = 'https://www.googleapis.com/auth/firebase.hosting';

/** A header, redirect or rewrite matches by a glob or by an RE2 regex, never both. */
export type PathPattern = { glob: string; regex?: never } | { regex: string; glob?: never };

/** ServingConfig: what firebase.json's hosting section becomes (convertConfig in firebase-tools). */
export interface VersionConfig {
  headers?: (PathPattern & { headers: Record<string, string> })[];
  redirects?: (PathPattern & { location: string; statusCode?: number })[];
  rewrites?: (PathPattern & { path: string })[];
  cleanUrls?: boolean;
  trailingSlashBehavior?: 'ADD' | 'REMOVE';
  appAssociation?: 'AUTO' | 'NONE';
  i18n?: { root: string };
}

export type VersionStatus = 'CREATED' | 'FINALIZED' | 'DELETED' | 'ABANDONED' | 'EXPIRED' | 'CLONING';

export interface Version {
  /** `sites/{site}/versions/{id}`. */
  name: string;
  status: VersionStatus;
  config?: VersionConfig;
  labels?: Record<string, string>;
  fileCount?: string;
}

/** versions:clone's body: the filter is a union, include or exclude. */
export interface CloneVersionRequest {
  sourceVersion: string;
  finalize?: boolean;
  include?: { regexes: string[] };
  exclude?: { regexes: string[] };
}

/** A long-running operation (clone answers with one; GET /v1beta1/{name} polls it). */
export interface Operation {
  name: string;
  done?: boolean;
  /** The cloned Version, once done. */
  response?: Version;
  error?: { code: number; message: string };
}

export interface PopulateFilesRequest {
  /** Path (`/a/b.html`) → SHA-256 (hex) of its gzip; an empty hash removes the path. */
  files: Record<string, string>;
}

export interface PopulateFilesResponse {
  uploadRequiredHashes?: string[];
  /** POST each required file's gzip to `{uploadUrl}/{hash}`. */
  uploadUrl: string;
}

export interface Release {
  name: string;
  version: Version;
  type?: 'DEPLOY' | 'ROLLBACK' | 'SITE_DISABLE';
  releaseTime?: string;
}

export interface Channel {
  name: string;
  /** The channel's current release; absent before the first one. */
  release?: Release;
}

/** The REST paths (after `/v1beta1/`). */
export const hostingPaths = {
  versions: (site: string) => `sites/${site}/versions`,
  clone: (site: string) => `sites/${site}/versions:clone`,
  populateFiles: (version: string) => `${version}:populateFiles`,
  releases: (site: string, channel = 'live') => `sites/${site}/channels/${channel}/releases`,
};

/** An SHA-256 in hex, as populateFiles takes it. */
export const isContentHash = (hash: string) => /^[0-9a-f]{64}$/.test(hash);
