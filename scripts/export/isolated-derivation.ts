/**
 * The profiles' derivation (./public-records.ts toPublicExport) with fault
 * isolation: if it throws, the source documents it throws on are found by
 * leaving documents out (scripts/lib/find-culprits.ts), left out of the
 * export and reported as `collection/id: (derive): what failed`, and
 * everything else is exported. A document the rules and the schemas accept
 * should never get here; this is the net under the code that derives, so
 * one bad document can never stop the export for everyone.
 *
 * Suspensions are never left out: without one, a suspended account would
 * be published (they fail closed, see src/registry/source-collections.ts).
 */
import { jsonDigest } from '../lib/json-digest';
import type { ExportRecords } from '../../src/registry/public-collections';
import { findCulprits } from '../lib/find-culprits';
import type { SourceDocs } from '../../src/registry/source-collections';
import { SkipLog, thrownProblem } from './report';

/** One source document: its collection and id. */
type DocKey = `${string}/${string}`;

/** The documents a derivation failed on in this process, by their content: left out at once while unchanged. */
const knownCulprits = new Map<DocKey, { fingerprint: string; message: string }>();

/** The Map-valued collections of the source (suspensions, a Set, stay whole). */
function documentCollections(source: SourceDocs): [string, Map<string, unknown>][] {
  return (Object.entries(source) as [string, unknown][]).filter(
    (entry): entry is [string, Map<string, unknown>] => entry[1] instanceof Map,
  );
}

function withoutDocs(source: SourceDocs, without: ReadonlySet<DocKey>): SourceDocs {
  if (without.size === 0) return source;
  const kept = documentCollections(source).map(([name, docs]) => {
    const anyOut = [...docs.keys()].some((id) => without.has(`${name}/${id}`));
    return [name, anyOut ? new Map([...docs].filter(([id]) => !without.has(`${name}/${id}`))) : docs] as const;
  });
  return { ...source, ...Object.fromEntries(kept) } as SourceDocs;
}

/**
 * `derive(source, log)` on every source document it does not throw on. The
 * ones left out are logged to `log` (stage 'derive'); `log` also receives
 * what the successful derivation itself logs.
 */
export async function deriveIsolated(
  source: SourceDocs,
  derive: (source: SourceDocs, log: SkipLog) => ExportRecords,
  log: SkipLog,
): Promise<ExportRecords> {
  const docOf = (key: DocKey) => {
    const [name, ...id] = key.split('/');
    return (source[name as keyof SourceDocs] as Map<string, unknown> | undefined)?.get(id.join('/'));
  };
  const out = new Set<DocKey>();
  for (const [key, known] of knownCulprits) {
    const doc = docOf(key);
    if (doc !== undefined && jsonDigest(doc) === known.fingerprint) out.add(key);
    else knownCulprits.delete(key);
  }
  /** The derivation without `without`: its records and what it logged, or the message it threw. */
  const attempt = (without: ReadonlySet<DocKey>): { records: ExportRecords; log: SkipLog } | string => {
    const into = new SkipLog();
    try {
      return { records: derive(withoutDocs(source, without), into), log: into };
    } catch (error) {
      return thrownProblem('(derive)', error).message;
    }
  };

  let result = attempt(out);
  // Each search finds up to 50 culprits; another follows while the derivation still fails.
  while (typeof result === 'string') {
    const candidates = documentCollections(source).flatMap(([name, docs]) => [...docs.keys()].map((id): DocKey => `${name}/${id}`));
    const culprits = await findCulprits<DocKey>(
      {
        candidates: candidates.filter((key) => !out.has(key)),
        fails: async (without) => {
          const probe = attempt(new Set([...out, ...without]));
          return typeof probe === 'string' ? probe : null;
        },
        max: 50,
      },
      result,
    );
    for (const { item, message } of culprits) {
      out.add(item);
      knownCulprits.set(item, { fingerprint: jsonDigest(docOf(item)), message });
    }
    result = attempt(out);
  }
  for (const key of out) {
    const [collection, ...id] = key.split('/');
    log.skip(collection!, id.join('/'), [{ path: '(derive)', message: knownCulprits.get(key)!.message }], 'derive');
  }
  for (const entry of result.log.skipped) log.skipped.push(entry);
  return result.records;
}
