/**
 * Reads the collections the public pages are derived from and validates
 * every document against its schema. A document that fails is skipped and
 * logged (see report.ts), never allowed to stop the export.
 *
 * Besides the public profiles (accounts, stores, frozenAccounts,
 * schedules) it reads the private records that decide what is shown
 * (memberships, slugs, disputes, suspensions); only facts derived from them
 * leave (a confirmed store, a redirect, `disputed`, an absence). users,
 * customers, announcements, favorites and reports are never read.
 */
import type { Firestore, Query } from 'firebase-admin/firestore';
import type { ZodTypeAny, z } from 'zod';
import { accountDoc } from '../../src/schema/accounts';
import { frozenAccountDoc, handleDocId } from '../../src/schema/frozen-accounts';
import { membershipDoc, membershipDocId } from '../../src/schema/memberships';
import { disputeDoc, MAX_OPEN_DISPUTES, suspensionDoc } from '../../src/schema/moderation';
import { MAX_SHIFTS_PER_DAY, scheduleDoc, shiftDocId } from '../../src/schema/schedules';
import { slugDoc } from '../../src/schema/slugs';
import { storeDoc } from '../../src/schema/stores';
import { SLUG_PATTERN } from '../../src/lib/slugs';
import type { SourceDocs } from './public-records';
import { problemsOf, SkipLog, type Problem } from './report';

export class EmptySourceError extends Error {}

/** A problem with how a valid document relates to its id (the rules key documents by their fields). */
type IdCheck<T> = (id: string, data: T) => string | null;

async function readValidated<S extends ZodTypeAny>(
  query: Query,
  collection: string,
  schema: S,
  log: SkipLog,
  idCheck?: IdCheck<z.infer<S>>,
): Promise<Map<string, z.infer<S>>> {
  const docs = new Map<string, z.infer<S>>();
  const snapshot = await query.get();
  log.countRead(collection, snapshot.size);
  for (const doc of snapshot.docs) {
    const result = schema.safeParse(doc.data());
    if (!result.success) {
      log.skip(collection, doc.id, problemsOf(result.error.issues));
      continue;
    }
    const idProblem = idCheck?.(doc.id, result.data);
    if (idProblem) {
      log.skip(collection, doc.id, [{ path: '(id)', message: idProblem } satisfies Problem]);
      continue;
    }
    docs.set(doc.id, result.data);
  }
  return docs;
}

const ownId: IdCheck<{ userId: string }> = (id, data) => (data.userId === id ? null : 'userId does not match the document id');

const slotIds = (prefix: string, count: number) => new Set(Array.from({ length: count }, (_, slot) => `${prefix}_${slot}`));
const shiftIdOk: IdCheck<z.infer<typeof scheduleDoc>> = (id, s) =>
  Array.from({ length: MAX_SHIFTS_PER_DAY }, (_, slot) => shiftDocId(s.userId, s.date, slot)).includes(id)
    ? null
    : `not a shift id {userId}_{date}_{0..${MAX_SHIFTS_PER_DAY - 1}}`;

export async function readSource(db: Firestore, firstShiftDate: string, log: SkipLog = new SkipLog()): Promise<SourceDocs> {
  const [accounts, stores, frozenAccounts, schedules, memberships, slugs, disputes, suspensions] = await Promise.all([
    readValidated(db.collection('accounts'), 'accounts', accountDoc, log, ownId),
    readValidated(db.collection('stores'), 'stores', storeDoc, log, ownId),
    readValidated(db.collection('frozenAccounts'), 'frozenAccounts', frozenAccountDoc, log, (id, f) =>
      id === handleDocId(f.handle, f.platform) ? null : 'not the id x_{handle}',
    ),
    readValidated(db.collection('schedules').where('date', '>=', firstShiftDate), 'schedules', scheduleDoc, log, shiftIdOk),
    readValidated(db.collection('memberships'), 'memberships', membershipDoc, log, (id, m) =>
      id === membershipDocId(m.storeId, m.userId) ? null : 'not the id {storeId}_{userId}',
    ),
    readValidated(db.collection('slugs'), 'slugs', slugDoc, log, (id) => (SLUG_PATTERN.test(id) ? null : 'not a slug')),
    readValidated(db.collection('disputes'), 'disputes', disputeDoc, log, (id, d) =>
      slotIds(d.userId, MAX_OPEN_DISPUTES).has(id) ? null : `not a dispute id {userId}_{0..${MAX_OPEN_DISPUTES - 1}}`,
    ),
    readSuspensions(db, log),
  ]);
  if (accounts.size === 0 && stores.size === 0) {
    const unreadable = (log.read.accounts ?? 0) + (log.read.stores ?? 0);
    throw new EmptySourceError(
      unreadable > 0
        ? `None of the ${unreadable} documents in accounts and stores passed its schema: nothing to export ` +
            '(demo data from an older version? Delete .data/emulators and run `npm start` again to reseed).'
        : 'Firestore holds no documents in accounts or stores: nothing to export (run `npm run seed` for demo data).',
    );
  }
  return { accounts, stores, frozenAccounts, schedules, memberships, slugs, disputes, suspensions };
}

/**
 * Suspended uids. Fails closed: a suspension document that does not pass
 * its schema is reported, and its account is still left out.
 */
async function readSuspensions(db: Firestore, log: SkipLog): Promise<Set<string>> {
  const snapshot = await db.collection('suspensions').get();
  log.countRead('suspensions', snapshot.size);
  for (const doc of snapshot.docs) {
    const result = suspensionDoc.safeParse(doc.data());
    if (!result.success) {
      log.skip('suspensions', doc.id, [
        ...problemsOf(result.error.issues),
        { path: '(document)', message: 'malformed, but the account is still treated as suspended' },
      ]);
    }
  }
  return new Set(snapshot.docs.map((doc) => doc.id));
}
