/**
 * What a visitor can report (/report): a record of each public collection
 * whose entry has `report` (./public-collections.ts), named by the document
 * it is made from (`accounts/{uid}`); and the schema of reports/{id},
 * whose target must be one. firestore.rules keeps a copy of the pattern
 * (reports/{id}); tests/unit/registry.test.ts holds it equal.
 */
import { z } from '../schema/zod';
import { reportTargetPattern } from '../lib/reports/report';
import { reportFields } from '../schema/moderation';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type PublicCollectionName } from './public-collections';

/** What the report form calls each reportable collection's documents, by collection (`accounts`: セラピストのプロフィール). */
export const REPORT_TARGETS: Readonly<Record<string, string>> = Object.fromEntries(
  PUBLIC_COLLECTION_NAMES.flatMap((name) => {
    const { report } = PUBLIC_COLLECTIONS[name];
    return report ? [[report.source, report.label]] : [];
  }),
);

/** A report's target: `{collection}/{id}` of a reportable collection. */
export const REPORT_TARGET_PATTERN = reportTargetPattern(Object.keys(REPORT_TARGETS));

/**
 * The document a record is reported as (`accounts/{uid}`), for its 報告する
 * link: `key` is the record's (its entry's `key`); throws for a collection
 * whose entry has no `report`.
 */
export function reportTarget(name: PublicCollectionName, key: string): string {
  const { report } = PUBLIC_COLLECTIONS[name];
  if (!report) throw new Error(`${name} cannot be reported: its registry entry has no report.`);
  return `${report.source}/${key}`;
}

/** reports/{uid}_{0..19}: a signed-in user's report about public content. */
export const reportDoc = z.object({ ...reportFields, targetPath: z.string().regex(REPORT_TARGET_PATTERN) }).strict();
export type ReportDoc = z.infer<typeof reportDoc>;
