/**
 * What a moderation decision tells the people it concerns, as their
 * announcements (kind 'system', listed on /announcements and counted by the
 * header's bell), written in the decision's own transaction: a dispute's
 * claimant learns its outcome (the dispute form promises 結果をお知らせします),
 * a holder learns that her handle moved or was taken off, a store that it
 * was verified or no longer is. No push is sent: these are answers to
 * something the person asked or did, read when she next signs in, and
 * Cloud Messaging cannot run here (docs/decisions/moderation-notices.md).
 */
import { FieldValue, Timestamp, type Firestore, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { announcementDoc } from '../../src/schema/announcements';
import { profileEditorPath } from '../../src/lib/auth/account-type';
import type { AccountType } from '../../src/lib/auth/account-hint';

/** One person's announcement of a decision. */
export interface Notice {
  userId: string;
  title: string;
  body: string;
  link: string;
}

/** A person a decision concerns, with where she manages her handles. */
export interface Party {
  uid: string;
  type: Exclude<AccountType, 'none'>;
}

const at = (handle: string) => `@${handle}`;
const editor = (party: Party) => profileEditorPath(party.type);
const notice = (party: Party, title: string, body: string): Notice => ({ userId: party.uid, title, body, link: editor(party) });

/** Reads whether `uid` is a store (where its handles are managed); in `tx`, a read, so before its writes. */
export async function partyOf(db: Firestore, tx: Transaction | null, uid: string): Promise<Party> {
  const ref = db.doc(`stores/${uid}`);
  const store = await (tx ? tx.get(ref) : ref.get());
  return { uid, type: store.exists ? 'store' : 'therapist' };
}

/** Each claimant once, leaving out the people a decision already tells. */
function otherClaimants(claimants: readonly Party[], told: readonly string[]): Party[] {
  const seen = new Set(told);
  return claimants.filter((party) => !seen.has(party.uid) && seen.add(party.uid));
}

/** A former handle moved to `to`: she has it now, `from` no longer, and the other claimants lost. */
export function transferNotices(handle: string, from: Party, to: Party, claimants: readonly Party[]): Notice[] {
  return [
    notice(
      to,
      `${at(handle)} があなたの旧アカウントになりました`,
      `運営が確認し、${at(handle)} をあなたの旧アカウントとして登録しました（運営確認済み）。凍結した日やメモは旧アカウントの欄で直せます。`,
    ),
    notice(
      from,
      `${at(handle)} はあなたの旧アカウントから外れました`,
      `運営が確認した結果、${at(handle)} は別の方の旧アカウントとして登録されました。ご本人のアカウントでしたら、旧アカウントの欄で追加し直すと申し立てができます。`,
    ),
    ...otherClaimants(claimants, [to.uid, from.uid]).map((party) =>
      notice(party, `${at(handle)} への申し立ての結果`, `運営が確認した結果、${at(handle)} は別の方の旧アカウントとして登録されました。`),
    ),
  ];
}

/** A claim (or a current-handle reservation) taken off: its holder is told, and so are the claimants, who may now add it. */
export function revokeNotices(handle: string, kind: 'former' | 'current', holder: Party, claimants: readonly Party[]): Notice[] {
  const what = kind === 'former' ? '旧アカウント' : 'いまの X アカウント';
  return [
    notice(holder, `${at(handle)} の登録を取り消しました`, `運営が確認した結果、${at(handle)} をあなたの${what}から外しました。`),
    ...otherClaimants(claimants, [holder.uid]).map((party) =>
      notice(
        party,
        `${at(handle)} への申し立ての結果`,
        `運営が確認し、${at(handle)} の登録を取り消しました。ご本人のアカウントでしたら、いまは旧アカウントの欄で追加できます。`,
      ),
    ),
  ];
}

/** A claim confirmed by the operator: its holder is told, and the claimants that it stays hers. */
export function verifyNotices(handle: string, holder: Party, claimants: readonly Party[]): Notice[] {
  return [
    notice(holder, `${at(handle)} が運営確認済みになりました`, `運営が確認し、${at(handle)} をあなたの旧アカウントとして確認しました。`),
    ...otherClaimants(claimants, [holder.uid]).map((party) =>
      notice(party, `${at(handle)} への申し立ての結果`, `運営が確認した結果、${at(handle)} はいまの登録のままとなりました。`),
    ),
  ];
}

/** A dispute closed without a change. */
export function dismissNotice(handle: string, claimant: Party): Notice {
  return notice(
    claimant,
    `${at(handle)} への申し立ての結果`,
    `運営が確認した結果、${at(handle)} の登録は変わりません。申し立ての枠は空きました。`,
  );
}

/** The handle a dispute claimed is nobody's any more: its holder erased her account (退会). */
export function releasedNotice(handle: string, claimant: Party): Notice {
  return notice(
    claimant,
    `${at(handle)} への申し立ての結果`,
    `${at(handle)} を登録していたアカウントが退会し、登録はなくなりました。ご本人のアカウントでしたら、いまは登録できます。`,
  );
}

/** A store verified by the operator, or no longer. */
export function storeVerificationNotice(store: Party, verified: boolean): Notice {
  return verified
    ? notice(
        store,
        '運営確認済みの店舗になりました',
        'この店舗が確認した所属セラピストの旧アカウントは、次の更新から「店舗確認済み」と表示されます。',
      )
    : notice(store, '店舗の運営確認を取り消しました', 'この店舗が確認した旧アカウントは、次の更新から「本人申告」の表示に戻ります。');
}

/** Writes each notice as an announcement in `tx` (after its reads). */
export function writeNotices(db: Firestore, tx: Transaction | WriteBatch, notices: readonly Notice[]): void {
  for (const { userId, title, body, link } of notices) {
    const fields = { userId, title, body, link, kind: 'system' as const };
    // The stored shape, checked with a stand-in time (the server's is written).
    announcementDoc.parse({ ...fields, createdAt: Timestamp.now() });
    // Transaction and WriteBatch share create(); TypeScript cannot call it on their union.
    (tx as WriteBatch).create(db.collection('announcements').doc(), { ...fields, createdAt: FieldValue.serverTimestamp() });
  }
}
