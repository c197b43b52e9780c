/**
 * firebase.json's `hosting` section as a deploy needs it: the folder to
 * upload, the globs it ignores, and the version config the Hosting API
 * takes, converted as firebase-tools' convertConfig does (source → glob,
 * header lists → maps, trailingSlash → trailingSlashBehavior). A key this
 * converter does not know is refused, never dropped: a deploy that
 * silently left out a redirect or a rewrite would serve another site than
 * `firebase deploy` does.
 */
import { jsonDigest } from '../lib/json-digest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PathPattern, VersionConfig } from './hosting-api';

interface PatternSource {
  source?: string;
  glob?: string;
  regex?: string;
}

/** The hosting section of firebase.json (the keys this deploy supports). */
export interface HostingSection {
  public: string;
  ignore?: string[];
  headers?: (PatternSource & { headers: { key: string; value: string }[] })[];
  redirects?: (PatternSource & { destination: string; type?: number })[];
  rewrites?: (PatternSource & { destination: string })[];
  cleanUrls?: boolean;
  trailingSlash?: boolean;
  appAssociation?: 'AUTO' | 'NONE';
  i18n?: { root: string };
}

const SUPPORTED = new Set(['public', 'ignore', 'headers', 'redirects', 'rewrites', 'cleanUrls', 'trailingSlash', 'appAssociation', 'i18n']);

export interface HostingConfig {
  /** The folder deployed (absolute; a link such as dist/ resolved by the caller). */
  publicDir: string;
  /** firebase.json's ignore globs. */
  ignore: string[];
  config: VersionConfig;
  /** SHA-256 of the config's JSON: a changed one is sent and reported. */
  configHash: string;
}

function pattern(kind: string, rule: PatternSource): PathPattern {
  const glob = rule.glob ?? rule.source;
  if (glob !== undefined && rule.regex !== undefined) throw new Error(`A ${kind} cannot have both a glob and a regex.`);
  if (glob !== undefined) return { glob };
  if (rule.regex !== undefined) return { regex: rule.regex };
  throw new Error(`A ${kind} needs a source (glob) or a regex.`);
}

/** The version config for a hosting section (firebase-tools' convertConfig, for the keys above). */
export function versionConfigOf(hosting: HostingSection): VersionConfig {
  const unknown = Object.keys(hosting).filter((key) => !SUPPORTED.has(key));
  if (unknown.length > 0)
    throw new Error(`firebase.json hosting: ${unknown.join(', ')} not supported by npm run deploy (use firebase deploy).`);
  const config: VersionConfig = {};
  if (hosting.rewrites) {
    config.rewrites = hosting.rewrites.map((rule) => {
      if (typeof rule.destination !== 'string') throw new Error('Only rewrites to a destination are supported by npm run deploy.');
      return { ...pattern('rewrite', rule), path: rule.destination };
    });
  }
  if (hosting.redirects) {
    config.redirects = hosting.redirects.map((rule) => ({
      ...pattern('redirect', rule),
      location: rule.destination,
      ...(rule.type ? { statusCode: rule.type } : {}),
    }));
  }
  if (hosting.headers) {
    config.headers = hosting.headers.map((rule) => ({
      ...pattern('header', rule),
      headers: Object.fromEntries((rule.headers ?? []).map(({ key, value }) => [key, value])),
    }));
  }
  if (hosting.cleanUrls !== undefined) config.cleanUrls = hosting.cleanUrls;
  if (hosting.appAssociation !== undefined) config.appAssociation = hosting.appAssociation;
  if (hosting.i18n !== undefined) config.i18n = hosting.i18n;
  if (hosting.trailingSlash !== undefined) config.trailingSlashBehavior = hosting.trailingSlash ? 'ADD' : 'REMOVE';
  return config;
}

/** Reads firebase.json (or another file of its shape, e.g. firebase.local.json) for a deploy. */
export async function readHostingConfig(file: string): Promise<HostingConfig> {
  const json = JSON.parse(await readFile(file, 'utf8')) as { hosting?: HostingSection | HostingSection[] };
  const hosting = json.hosting;
  if (!hosting || Array.isArray(hosting)) throw new Error(`${file}: one hosting section expected.`);
  if (typeof hosting.public !== 'string') throw new Error(`${file}: hosting.public is missing.`);
  const config = versionConfigOf(hosting);
  return {
    publicDir: path.resolve(path.dirname(file), hosting.public),
    ignore: hosting.ignore ?? [],
    config,
    configHash: jsonDigest(config),
  };
}
