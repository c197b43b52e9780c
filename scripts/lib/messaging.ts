/**
 * Sending pushes with firebase-admin's Cloud Messaging. There is no
 * emulator for it, so everything here takes the Messaging instance as a
 * parameter (tests pass a stand-in) and stays small: build the payload,
 * send in chunks, and drop the token records FCM says are dead.
 */
import type { Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import type { BatchResponse, Messaging, MulticastMessage } from 'firebase-admin/messaging';

/** sendEachForMulticast accepts at most this many tokens per call. */
export const MULTICAST_LIMIT = 500;

/** Where a notification without a link (or with a foreign one) leads. */
export const DEFAULT_PUSH_PATH = '/announcements';

/** FCM errors meaning the token will never work again: its record is deleted. */
export const DEAD_TOKEN_ERRORS: ReadonlySet<string> = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

export type MessagingSender = Pick<Messaging, 'sendEachForMulticast'>;

export interface PushContent {
  title: string;
  body: string;
  /** A site path (/…) or an https URL; '' for the announcements page. */
  link: string;
}

/** One stored token, and how to delete its record(s) when FCM rejects it for good. */
export interface PushTarget {
  token: string;
  remove(): Promise<unknown>;
}

/** A users/{uid}/fcmTokens/{slot} document as the admin SDK gives it (only what is read here). */
export interface TokenDocLike {
  get(field: string): unknown;
  ref: { delete(): Promise<unknown> };
}

/**
 * The push target a token document holds: its `token` field (the doc id is
 * the slot 0..4, not the token); deleting it frees the slot. Null for a
 * document without a token.
 */
export function pushTargetOf(doc: TokenDocLike): PushTarget | null {
  const token = doc.get('token');
  return typeof token === 'string' && token !== '' ? { token, remove: () => doc.ref.delete() } : null;
}

export interface PushReport {
  /** Tokens FCM accepted. */
  sent: number;
  /** Tokens that failed for any other reason (kept). */
  failed: number;
  /** Token records deleted because FCM called the token dead. */
  removed: number;
}

/**
 * The message without its tokens: notification title and body, the link
 * as data (for our service worker), and webpush.fcmOptions.link as an
 * absolute https URL when one can be made (a path needs PUBLIC_SITE_URL).
 */
export function buildPushMessage(
  content: PushContent,
  siteUrl: string | undefined = process.env.PUBLIC_SITE_URL,
): Omit<MulticastMessage, 'tokens'> {
  const link = content.link || DEFAULT_PUSH_PATH;
  const message: Omit<MulticastMessage, 'tokens'> = {
    notification: { title: content.title, body: content.body },
    data: { link },
  };
  const absolute = absoluteHttpsUrl(link, siteUrl);
  if (absolute) message.webpush = { fcmOptions: { link: absolute } };
  return message;
}

function absoluteHttpsUrl(link: string, siteUrl: string | undefined): string | undefined {
  try {
    const url = /^https:\/\//.test(link) ? new URL(link) : siteUrl ? new URL(link, siteUrl) : undefined;
    // FCM only accepts https links for web push.
    return url?.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, not ${size}`);
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Token reads (one query per user) in flight at once. */
const TOKEN_READS_AT_ONCE = 50;

/** Each user's users/{uid}/fcmTokens, in the order of `uids`. */
export async function tokenSnapshotsOf(db: Firestore, uids: readonly string[]): Promise<QuerySnapshot[]> {
  const snapshots: QuerySnapshot[] = [];
  for (const ids of chunk(uids, TOKEN_READS_AT_ONCE)) {
    snapshots.push(...(await Promise.all(ids.map((uid) => db.collection('users').doc(uid).collection('fcmTokens').get()))));
  }
  return snapshots;
}

/**
 * Sends `content` to every target (each distinct token once), at most
 * MULTICAST_LIMIT tokens per call, and deletes the records of dead tokens.
 * A call that throws as a whole (credentials, network) propagates.
 */
export async function sendPush(
  messaging: MessagingSender,
  targets: readonly PushTarget[],
  content: PushContent,
  siteUrl?: string,
): Promise<PushReport> {
  const byToken = new Map<string, PushTarget[]>();
  for (const target of targets) byToken.set(target.token, [...(byToken.get(target.token) ?? []), target]);
  const message = buildPushMessage(content, siteUrl);
  const report: PushReport = { sent: 0, failed: 0, removed: 0 };
  for (const tokens of chunk([...byToken.keys()], MULTICAST_LIMIT)) {
    const response: BatchResponse = await messaging.sendEachForMulticast({ ...message, tokens });
    const dead: PushTarget[] = [];
    response.responses.forEach((result, i) => {
      if (result.success) report.sent += 1;
      else if (result.error && DEAD_TOKEN_ERRORS.has(result.error.code)) dead.push(...(byToken.get(tokens[i]!) ?? []));
      else report.failed += 1;
    });
    await Promise.all(dead.map((target) => target.remove()));
    report.removed += dead.length;
  }
  return report;
}
