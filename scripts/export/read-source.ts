/**
 * Reads the public collections from Firestore and validates every document
 * against its schema. Only accounts, stores, frozenAccounts and schedules
 * are ever read: private collections are not touched.
 */
import type { Firestore, Query } from 'firebase-admin/firestore';
import type { ZodTypeAny, z } from 'zod';
import { accountDoc } from '../../src/schema/accounts';
import { frozenAccountDoc } from '../../src/schema/frozen-accounts';
import { scheduleDoc } from '../../src/schema/schedules';
import { storeDoc } from '../../src/schema/stores';
import type { SourceDocs } from './public-records';

export class MalformedDocumentError extends Error {}
export class EmptySourceError extends Error {}

async function readValidated<S extends ZodTypeAny>(query: Query, collection: string, schema: S) {
  const docs = new Map<string, z.infer<S>>();
  const snapshot = await query.get();
  for (const doc of snapshot.docs) {
    const result = schema.safeParse(doc.data());
    if (!result.success) {
      const problems = result.error.issues.map((i) => `${i.path.join('.') || '(document)'}: ${i.message}`).join('; ');
      throw new MalformedDocumentError(`Malformed document ${collection}/${doc.id}: ${problems}`);
    }
    docs.set(doc.id, result.data);
  }
  return docs;
}

export async function readSource(db: Firestore, firstShiftDate: string): Promise<SourceDocs> {
  const [accounts, stores, frozenAccounts, schedules] = await Promise.all([
    readValidated(db.collection('accounts'), 'accounts', accountDoc),
    readValidated(db.collection('stores'), 'stores', storeDoc),
    readValidated(db.collection('frozenAccounts'), 'frozenAccounts', frozenAccountDoc),
    readValidated(db.collection('schedules').where('date', '>=', firstShiftDate), 'schedules', scheduleDoc),
  ]);
  if (accounts.size === 0 && stores.size === 0) {
    throw new EmptySourceError('Firestore holds no documents in accounts or stores: nothing to export (run `npm run seed` for demo data).');
  }
  return { accounts, stores, frozenAccounts, schedules };
}
