/**
 * Delivering pending events: one announcement per fan, written with
 * WriteBatch `set`s of at most BATCH_LIMIT operations under deterministic
 * ids with deterministic contents (createdAt is the detection time kept in
 * the state), so a rerun rewrites the same documents. After each committed
 * batch the event's cursor (the last fan row done) is saved, then her
 * push is sent: a rerun after a death goes on from the cursor.
 */
import { FieldValue, Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import type { PushContent } from '../lib/messaging';
import { alertWords } from '../../src/lib/alerts/wording';
import type { AnnouncementDoc } from '../../src/schema/announcements';
import { ALERTS_PER_DAY, fanDeliveries, type FanDelivery } from './daily-bound';
import { fanSettings, fansOf, watchesOf } from './fans';
import { announcementId } from './ids';
import { pushToFans, type PushTotals, type Pusher } from './push';
import type { PendingEvent } from './state';
import type { FirestoreUsage } from './usage';

/** Firestore's limit of operations in one batch. */
export const BATCH_LIMIT = 500;
/** A fired watch is three operations: her announcement, the watch's deletion, her counter. */
const WATCHES_PER_BATCH = Math.floor(BATCH_LIMIT / 3);
/** Tries of a watch page whose batch failed because a fan removed a watch meanwhile. */
const WATCH_TRIES = 3;
/** gRPC codes of a failed precondition: NOT_FOUND, FAILED_PRECONDITION, ABORTED. */
const PRECONDITION_CODES = new Set([5, 9, 10]);

export interface DeliveryTotals {
  announcements: number;
  digests: number;
  watchesFired: number;
  push: PushTotals;
}

export interface CommittedBatch {
  eventIds: string[];
  /** 1 for an event's first batch. */
  batch: number;
  writes: number;
}

export interface Delivery {
  db: Firestore;
  usage: FirestoreUsage;
  pusher: Pusher;
  totals: DeliveryTotals;
  /** Saves how far these events got (their cursor). */
  progress(events: readonly PendingEvent[], cursor: string): Promise<void>;
  /** Called after each batch is committed (or had nothing to write), before its cursor is saved: tests inject a death here. */
  afterBatch?(batch: CommittedBatch): void | Promise<void>;
}

/** An announcement document: the facts worded as on the day they were found (src/lib/alerts/wording.ts). */
function announcement(userId: string, due: Omit<FanDelivery, 'id'>): AnnouncementDoc {
  const words = alertWords(due.facts, new Date(due.detectedAt));
  return { userId, createdAt: Timestamp.fromDate(new Date(due.detectedAt)), ...words, link: due.link, kind: due.kind, facts: due.facts };
}

/**
 * Delivers a group of one 推し's bounded events of one day (in order) to
 * every fan of hers: each fan gets what her own day makes of them (see
 * daily-bound.ts), at most ALERTS_PER_DAY announcements and one digest.
 */
export async function deliverToFans(delivery: Delivery, events: readonly PendingEvent[]): Promise<void> {
  const { db, usage, totals } = delivery;
  const last = events.at(-1)!;
  const cursors = new Set(events.map((event) => event.cursor));
  // An event that joined the group since its last try starts it over (the same documents are rewritten).
  let cursor = cursors.size === 1 ? last.cursor : null;
  // Fans a page so that one page is one batch: a fan is due at most ALERTS_PER_DAY + 1 writes, and one per event.
  const pageSize = Math.floor(BATCH_LIMIT / Math.min(events.length, ALERTS_PER_DAY + 1));
  let batchNumber = 0;
  for (let more = true; more;) {
    const page = await fansOf(db, usage, last.target, cursor, pageSize);
    more = page.more;
    const settings = await fanSettings(
      db,
      usage,
      page.fans.map((fan) => fan.uid),
    );
    const batch = db.batch();
    let digests = 0;
    const recipients: { uid: string; content: PushContent }[] = [];
    const due = page.fans.flatMap((fan) => {
      const wants = settings.get(fan.uid)!;
      return fanDeliveries(events, { uid: fan.uid, since: fan.since, off: wants.off }).map((item) => ({ fan: fan.uid, wants, item }));
    });
    for (const { fan, wants, item } of due) {
      const doc = announcement(fan, item);
      batch.set(db.collection('announcements').doc(item.id), doc);
      if (item.kind === 'favorite-digest') digests += 1;
      if (wants.pushAlerts) recipients.push({ uid: fan, content: { title: doc.title, body: doc.body, link: doc.link } });
    }
    batchNumber += 1;
    const writes = await commit(batch, due.length, usage);
    totals.digests += digests;
    totals.announcements += writes - digests;
    await delivery.afterBatch?.({ eventIds: events.map((event) => event.id), batch: batchNumber, writes });
    if (page.last !== null && page.last !== cursor) {
      cursor = page.last;
      await delivery.progress(events, cursor);
    }
    await pushToFans(db, usage, delivery.pusher, recipients, totals.push);
  }
}

/** Fires a handle watch: each watcher's announcement, her watch deleted and her counter moved, in one batch. */
export async function deliverToWatchers(delivery: Delivery, event: PendingEvent): Promise<void> {
  const { db, usage, totals } = delivery;
  const doc = (fan: string) => announcement(fan, event);
  let after: string | null = null;
  let batchNumber = 0;
  for (let more = true, tries = 0; more;) {
    const page = await watchesOf(db, usage, event.handle!, after, WATCHES_PER_BATCH);
    const settings = await fanSettings(db, usage, [...new Set(page.watches.map((watch) => watch.fan))]);
    const batch = db.batch();
    let operations = 0;
    const recipients: { uid: string; content: PushContent }[] = [];
    for (const { fan, path } of page.watches) {
      const wants = settings.get(fan)!;
      const written = doc(fan);
      batch.set(db.collection('announcements').doc(announcementId(event.id, fan)), written);
      // Only if it is still there: a fan who removed it meanwhile has moved her counter herself.
      batch.delete(db.doc(path), { exists: true });
      operations += 2;
      if (wants.exists && wants.watchCount > 0) {
        batch.update(db.collection('users').doc(fan), { watchCount: FieldValue.increment(-1) });
        operations += 1;
      }
      if (wants.pushAlerts) recipients.push({ uid: fan, content: { title: written.title, body: written.body, link: written.link } });
    }
    let writes: number;
    try {
      writes = await commit(batch, operations, usage);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number' && PRECONDITION_CODES.has(code) && ++tries < WATCH_TRIES) continue;
      throw error;
    }
    tries = 0;
    more = page.more;
    after = page.last;
    batchNumber += 1;
    totals.announcements += page.watches.length;
    totals.watchesFired += page.watches.length;
    await delivery.afterBatch?.({ eventIds: [event.id], batch: batchNumber, writes });
    await pushToFans(db, usage, delivery.pusher, recipients, totals.push);
  }
}

async function commit(batch: WriteBatch, operations: number, usage: FirestoreUsage): Promise<number> {
  if (operations === 0) return 0;
  await batch.commit();
  usage.batch(operations);
  return operations;
}
