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
import { ALERT_KINDS } from '../../src/schema/users';
import type { AnnouncementKind } from '../../src/schema/announcements';
import { fanSettings, fansOf, watchesOf, type FanSettings } from './fans';
import { announcementId, digestId } from './ids';
import { digestAlert, type AlertContent } from './messages';
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

function announcement(userId: string, kind: AnnouncementKind, content: AlertContent, detectedAt: string) {
  return { userId, createdAt: Timestamp.fromDate(new Date(detectedAt)), ...content, kind };
}

/** A fan's digest count: the day's events past the bound of the kinds she wants. */
function digestCount(counts: NonNullable<PendingEvent['digest']>, fan: FanSettings): number {
  return ALERT_KINDS.reduce((sum, kind) => sum + (fan.off.has(kind) ? 0 : counts[kind]), 0);
}

/**
 * Delivers one event alerted one by one, or a digest group (one 推し's events
 * of one day past the bound, in order: the last one holds the day's counts)
 * to every fan of the 推し who wants it.
 */
export async function deliverToFans(delivery: Delivery, events: readonly PendingEvent[]): Promise<void> {
  const { db, usage, totals } = delivery;
  const last = events.at(-1)!;
  const counts = last.digest;
  const cursors = new Set(events.map((event) => event.cursor));
  // An event that joined a digest group since its last try starts it over (its count is new).
  let cursor = cursors.size === 1 ? last.cursor : null;
  let batchNumber = 0;
  for (let more = true; more;) {
    const page = await fansOf(db, usage, last.target, cursor, BATCH_LIMIT);
    more = page.more;
    const settings = await fanSettings(db, usage, page.fans);
    const batch = db.batch();
    let operations = 0;
    const recipients: { uid: string; content: PushContent }[] = [];
    for (const fan of page.fans) {
      const wants = settings.get(fan)!;
      let content: AlertContent;
      if (counts) {
        const count = digestCount(counts, wants);
        if (count === 0) continue;
        content = digestAlert(last.name, count, last.profileLink);
        batch.set(
          db.collection('announcements').doc(digestId(last.target, last.date, fan)),
          announcement(fan, 'favorite-digest', content, last.detectedAt),
        );
      } else {
        if (last.alert && wants.off.has(last.alert)) continue;
        content = { title: last.title, body: last.body, link: last.link };
        batch.set(db.collection('announcements').doc(announcementId(last.id, fan)), announcement(fan, last.kind, content, last.detectedAt));
      }
      operations += 1;
      if (wants.pushAlerts) recipients.push({ uid: fan, content });
    }
    batchNumber += 1;
    const writes = await commit(batch, operations, usage);
    if (counts) totals.digests += writes;
    else totals.announcements += writes;
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
  const content: AlertContent = { title: event.title, body: event.body, link: event.link };
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
      batch.set(
        db.collection('announcements').doc(announcementId(event.id, fan)),
        announcement(fan, event.kind, content, event.detectedAt),
      );
      // Only if it is still there: a fan who removed it meanwhile has moved her counter herself.
      batch.delete(db.doc(path), { exists: true });
      operations += 2;
      if (wants.exists && wants.watchCount > 0) {
        batch.update(db.collection('users').doc(fan), { watchCount: FieldValue.increment(-1) });
        operations += 1;
      }
      if (wants.pushAlerts) recipients.push({ uid: fan, content });
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
