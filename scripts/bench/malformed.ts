/**
 * For `npm run bench -- --malformed <percent>`: corrupts that share of the
 * documents of every collection the export reads (at least one each), with
 * the admin SDK, in the shapes issue 10 lists. Deterministic: every
 * (100 / percent)-th document by id. The export must skip each of them and
 * the site must still build.
 */
import { adminDb } from '../lib/admin';

type Corruption = Record<string, unknown>;

/** Field values that the rules once let through and the schemas refuse, per collection. */
function corruptions(today: string): Record<string, Corruption[]> {
  const impossible = `${today.slice(0, 4)}-02-30`;
  return {
    accounts: [{ tags: ['癒し系', 42] }, { 'channels.x': { nested: 'map' } }, { bio: 'あ'.repeat(2001) }, { displayName: '' }],
    stores: [{ website: 'https://example.com/\u00a0shop' }, { website: 'https://example.com/\u3000shop' }, { area: 42 }],
    // A store badge naming no store (the pairing the rules require).
    frozenAccounts: [{ frozenOn: impossible }, { verification: 'god' }, { slot: 10 }, { verification: 'store', confirmedBy: null }],
    // The date stays (the export reads shifts by date); the times and note do not fit.
    schedules: [{ start: '25:00' }, { note: 'x'.repeat(101) }, { end: '9:00' }],
    storeRequests: [{ requestedAt: 'yesterday' }, { storeId: { nested: 'map' } }],
    memberships: [{ status: 'maybe' }, { requestedAt: 'yesterday' }],
    slugs: [{ releasedAt: 'soon' }, { kind: 'admin' }],
    disputes: [{ evidence: '' }, { handleId: 'x_Not A Handle' }],
  };
}

/** Corrupts `percent` % of each collection's documents; returns how many were changed. */
export async function plantMalformed(percent: number, today: string): Promise<number> {
  const db = adminDb();
  const writer = db.bulkWriter({ throttling: false });
  let planted = 0;
  for (const [collection, kinds] of Object.entries(corruptions(today))) {
    const refs = (await db.collection(collection).select().get()).docs.map((doc) => doc.ref);
    if (refs.length === 0) continue;
    const wanted = Math.max(1, Math.round((refs.length * percent) / 100));
    const step = refs.length / wanted;
    for (let n = 0; n < wanted; n++) {
      const ref = refs[Math.floor(n * step)]!;
      void writer.update(ref, kinds[n % kinds.length]!);
      planted++;
    }
  }
  await writer.close();
  return planted;
}
