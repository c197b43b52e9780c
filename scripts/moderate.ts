/**
 * `npm run moderate -- <command>`: the operator's trusted tool for the
 * trust-and-safety records (docs/decisions/moderation.md). Clients can write
 * disputes and reports but never read them; this script (firebase-admin)
 * reads and resolves them.
 *
 *   list                          open disputes, reports, stores' verification requests and
 *                                 suspensions, and the records the last cycle left out of the
 *                                 site (the export's report)
 *   transfer <handle> <toUid>     move a former handle to another owner (運営確認済み)
 *   revoke <handle>               delete a claim (or release a current-handle reservation)
 *   verify <handle>               raise a claim to 運営確認済み
 *   dismiss <disputeId>           close a dispute
 *   close-report <reportId>       close a report (a ranking burst's favourites then count from the next run)
 *   suspend <uid> --reason <text> take an account off the site and refuse its writes
 *   unsuspend <uid>
 *   hide <blogs|posts>/<id>       take a blog or a timeline post off the site (its author sees why)
 *   unhide <blogs|posts>/<id>
 *   verify-store <storeId>        the store is real: its confirmations show as 店舗確認済み
 *   unverify-store <storeId>      take that back: its badges show as 本人申告 from the next export
 *   erase <uid>                   erase an account and every record of it (退会 asked by mail, or a
 *                                 suspended account's; scripts/accounts/erase-account.ts)
 *
 * Every action appends an entry to moderationLog/{auto} (private: trusted
 * code only); a closed dispute or report is copied there, then deleted,
 * which frees the user's slot. Each decision tells the people it concerns
 * on their お知らせ, in the same transaction (scripts/moderation/notices.ts).
 * Public effects show after the next export.
 * Against a demo- project it finds the emulators a running `npm start`
 * serves by itself; it refuses a real project unless --allow-production is
 * given (scripts/lib/write-target.ts).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { X_HANDLE_PATTERN, normalizeHandle } from '../src/lib/handles';
import { handleDocId, MAX_FORMER_HANDLES, xHandleOfDocId } from '../src/schema/frozen-accounts';
import { frozenAccountDoc } from '../src/schema/frozen-accounts';
import { storeVerificationDoc, suspensionDoc } from '../src/schema/moderation';
import { isDateKey } from '../src/lib/tokyo-date';
import { exportDir } from '../src/lib/export-dir';
import { reportPathFor } from './export/report';
import { deleteWithTombstone, markChanged } from './lib/tombstone';
import { accountsAuth, adminDb, assertFirestoreReachable, picturesBucket } from './lib/admin';
import { eraseAccount, type EraseDeps } from './accounts/erase-account';
import { appendModerationLog, type LogEntry } from './moderation/moderation-log';
import { describeErased } from './accounts/erase-requested';
import { isMain } from './lib/cli';
import {
  dismissNotice,
  partyOf,
  revokeNotices,
  storeVerificationNotice,
  transferNotices,
  verifyNotices,
  writeNotices,
  type Party,
} from './moderation/notices';
import { isUid, text } from './moderation/fields';
import { list } from './moderation/list';
import { findWriteTarget, localTargetLine } from './lib/write-target';

export const USAGE = [
  '使い方: npm run moderate -- <コマンド> [--allow-production]',
  '  list                           未対応の申し立て・通報・店舗の確認申請・利用停止と、公開から外した記録の一覧',
  '  transfer <handle> <toUid>      旧アカウントを別の持ち主に移す（運営確認済み）',
  '  revoke <handle>                旧アカウントの登録を取り消す（現在のアカウントなら予約を外す）',
  '  verify <handle>                旧アカウントを運営確認済みにする',
  '  dismiss <disputeId>            申し立てを閉じる',
  '  close-report <reportId>        通報を閉じる（推しランキングの自動検知なら、次回の集計から数える）',
  '  suspend <uid> --reason <理由>  アカウントを利用停止にする（次の書き出しでサイトから消える）',
  '  unsuspend <uid>                利用停止を解除する',
  '  hide <blogs|posts>/<id>        ブログ・タイムラインの投稿を非公開にする（次の書き出しでサイトから消える）',
  '  unhide <blogs|posts>/<id>      非公開を解除する',
  '  verify-store <storeId>         店舗を運営確認済みにする（この店舗による旧アカウントの確認が「店舗確認済み」と表示される。確認申請は閉じる）',
  '  unverify-store <storeId>       店舗の運営確認を取り消す（次の書き出しで、この店舗による確認は「本人申告」の表示に戻る）',
  '  erase <uid>                    アカウントとその記録をすべて削除する（退会。取り消せません。次の書き出しでサイトから消える）',
].join('\n');

/** Bad input or a refused action; the message is Japanese. */
export class ModerateError extends Error {}
/** The command line itself is wrong: the usage is shown with the message. */
export class ModerateUsageError extends ModerateError {}

export interface ModerateDeps {
  db?: Firestore;
  log?: (line: string) => void;
  /** Who acts (recorded in moderationLog); default $MODERATOR or the OS user. */
  by?: string;
  /** The export's report, whose left-out records `list` shows (default: that of EXPORT_DIR). */
  reportPath?: string;
  /** Where `erase` deletes the Auth user and the pictures (default: the project's, or the emulators'). */
  erase?: Omit<EraseDeps, 'db'>;
}

export interface ModerateCommand {
  command: string;
  args: string[];
  reason?: string;
}

const COMMANDS: Record<string, number> = {
  list: 0,
  transfer: 2,
  revoke: 1,
  verify: 1,
  dismiss: 1,
  'close-report': 1,
  suspend: 1,
  unsuspend: 1,
  hide: 1,
  unhide: 1,
  'verify-store': 1,
  'unverify-store': 1,
  erase: 1,
};

function operatorName(): string {
  if (process.env.MODERATOR) return process.env.MODERATOR;
  try {
    return os.userInfo().username || 'operator';
  } catch {
    return 'operator';
  }
}

function handleArg(input: string | undefined): { handle: string; id: string } {
  const handle = normalizeHandle(input ?? '');
  if (!X_HANDLE_PATTERN.test(handle)) throw new ModerateError(`X のユーザー名として読めません: ${JSON.stringify(input ?? '')}`);
  return { handle, id: handleDocId(handle) };
}

function idArg(input: string | undefined, what: string): string {
  const id = input ?? '';
  if (id.length === 0 || id.length > 128 || id.includes('/') || id === '.' || id === '..') {
    throw new ModerateError(`${what}が正しくありません: ${JSON.stringify(id)}`);
  }
  return id;
}

export async function moderate(input: ModerateCommand, deps: ModerateDeps = {}): Promise<void> {
  const expected = COMMANDS[input.command];
  if (expected === undefined) throw new ModerateUsageError(`知らないコマンドです: ${JSON.stringify(input.command)}`);
  if (input.args.length !== expected) {
    throw new ModerateUsageError(`${input.command} には引数が ${expected} 個必要です（${input.args.length} 個ありました）。`);
  }
  const db = deps.db ?? adminDb();
  const log = deps.log ?? ((line: string) => console.log(line));
  const by = deps.by ?? operatorName();
  await assertFirestoreReachable(db);

  const appendLog = (writes: Transaction | WriteBatch, entry: LogEntry) => appendModerationLog(db, writes, entry, by);

  /**
   * The open disputes on `handleId` and who opened them (reads); `finish`
   * runs the decision's writes, then copies each dispute into moderationLog
   * and deletes it, and returns their ids.
   */
  const closeDisputesOn = async (tx: Transaction, handleId: string, resolution: string) => {
    const open = await tx.get(db.collection('disputes').where('handleId', '==', handleId));
    const claimants = await Promise.all(
      open.docs
        .map((doc) => text(doc.get('userId')))
        .filter(isUid)
        .map((uid) => partyOf(db, tx, uid)),
    );
    const finish = (writes: () => void) => {
      writes();
      for (const doc of open.docs) {
        appendLog(tx, { action: 'close-dispute', target: `disputes/${doc.id}`, detail: { resolution, dispute: doc.data() } });
        deleteWithTombstone(db, tx, 'disputes', doc.id);
      }
      return open.docs.map((doc) => doc.id);
    };
    return { claimants, finish };
  };

  /** Who opened a dispute and on which handle, to tell her its outcome (null for a malformed one). */
  const disputeClaimant = async (tx: Transaction, dispute: DocumentSnapshot) => {
    const uid = text(dispute.get('userId'));
    const handle = xHandleOfDocId(text(dispute.get('handleId')));
    return isUid(uid) && handle ? { handle, party: await partyOf(db, tx, uid) } : null;
  };

  const [a, b] = input.args;
  switch (input.command) {
    case 'list':
      return list(db, log, deps.reportPath ?? reportPathFor(exportDir()));

    case 'transfer': {
      const { handle, id } = handleArg(a);
      const toUid = idArg(b, '移し先のユーザー ID ');
      const result = await transact(db, async (tx) => {
        const claimRef = db.doc(`frozenAccounts/${id}`);
        const [claim, account, store, current, slots] = await Promise.all([
          tx.get(claimRef),
          tx.get(db.doc(`accounts/${toUid}`)),
          tx.get(db.doc(`stores/${toUid}`)),
          tx.get(db.doc(`currentHandles/${id}`)),
          tx.get(db.collection(`users/${toUid}/handleSlots`)),
        ]);
        if (!claim.exists) throw new ModerateError(`@${handle} は旧アカウントとして登録されていません。`);
        const data = claim.data() as DocumentData;
        const from = text(data.userId);
        if (from === toUid) throw new ModerateError(`@${handle} はすでに ${toUid} の旧アカウントです（確認済みにするなら verify）。`);
        if (!account.exists && !store.exists)
          throw new ModerateError(`${toUid} にはプロフィールがありません。移せるのはプロフィールのあるアカウントだけです。`);
        if (current.exists) {
          throw new ModerateError(
            `@${handle} は ${text(current.get('userId'))} の現在のアカウントとして予約されています。旧アカウントにはできません。`,
          );
        }
        const used = new Set(slots.docs.map((doc) => doc.id));
        const slot = Array.from({ length: MAX_FORMER_HANDLES }, (_, n) => n).find((n) => !used.has(String(n)));
        if (slot === undefined)
          throw new ModerateError(`${toUid} の旧アカウントの枠（${MAX_FORMER_HANDLES} 件）が埋まっています。先に整理してください。`);
        const oldSlotRef = typeof data.slot === 'number' ? db.doc(`users/${from}/handleSlots/${data.slot}`) : null;
        const oldSlot = oldSlotRef ? await tx.get(oldSlotRef) : null;
        const previous = await partyOf(db, tx, from);
        const { claimants, finish } = await closeDisputesOn(tx, id, 'transfer');
        const next: Party = { uid: toUid, type: store.exists ? 'store' : 'therapist' };

        const moved = {
          userId: toUid,
          platform: 'x' as const,
          handle,
          frozenOn: typeof data.frozenOn === 'string' && isDateKey(data.frozenOn) ? data.frozenOn : null,
          // The note was the previous holder's words.
          note: '',
          verification: 'operator' as const,
          confirmedBy: null,
          slot,
          createdAt: Timestamp.now(),
          updatedAt: Timestamp.now(),
        };
        frozenAccountDoc.parse(moved);
        const closed = finish(() => {
          tx.set(claimRef, moved);
          tx.set(db.doc(`users/${toUid}/handleSlots/${slot}`), { handleId: id });
          if (oldSlotRef && oldSlot?.get('handleId') === id) tx.delete(oldSlotRef);
          appendLog(tx, { action: 'transfer', target: `frozenAccounts/${id}`, detail: { from, to: toUid, slot, previous: data } });
          writeNotices(db, tx, transferNotices(handle, previous, next, claimants));
        });
        return { from, slot, closed };
      });
      log(`@${handle} を ${result.from} から ${toUid} に移しました（枠 ${result.slot}、運営確認済み）。`);
      logClosed(log, result.closed);
      return;
    }

    case 'revoke': {
      const { handle, id } = handleArg(a);
      const outcome = await transact(db, async (tx) => {
        const claimRef = db.doc(`frozenAccounts/${id}`);
        const currentRef = db.doc(`currentHandles/${id}`);
        const [claim, current] = await Promise.all([tx.get(claimRef), tx.get(currentRef)]);
        if (claim.exists) {
          const data = claim.data() as DocumentData;
          const owner = text(data.userId);
          const slotRef = typeof data.slot === 'number' ? db.doc(`users/${owner}/handleSlots/${data.slot}`) : null;
          const slot = slotRef ? await tx.get(slotRef) : null;
          const holder = await partyOf(db, tx, owner);
          const { claimants, finish } = await closeDisputesOn(tx, id, 'revoke');
          const closed = finish(() => {
            deleteWithTombstone(db, tx, 'frozenAccounts', id);
            if (slotRef && slot?.get('handleId') === id) tx.delete(slotRef);
            appendLog(tx, { action: 'revoke', target: `frozenAccounts/${id}`, detail: { previous: data } });
            writeNotices(db, tx, revokeNotices(handle, 'former', holder, claimants));
          });
          return { kind: 'former' as const, owner, closed };
        }
        if (current.exists) {
          const owner = text(current.get('userId'));
          const profiles = await Promise.all([tx.get(db.doc(`accounts/${owner}`)), tx.get(db.doc(`stores/${owner}`))]);
          const holder: Party = { uid: owner, type: profiles[1].exists ? 'store' : 'therapist' };
          const { claimants, finish } = await closeDisputesOn(tx, id, 'revoke');
          const closed = finish(() => {
            tx.delete(currentRef);
            // Her profile no longer lists it as her current X account.
            for (const profile of profiles) {
              if (profile.exists && profile.get('channels.x') === handle) {
                tx.update(profile.ref, { 'channels.x': FieldValue.delete(), updatedAt: Timestamp.now() });
              }
            }
            appendLog(tx, { action: 'revoke-current', target: `currentHandles/${id}`, detail: { owner } });
            writeNotices(db, tx, revokeNotices(handle, 'current', holder, claimants));
          });
          return { kind: 'current' as const, owner, closed };
        }
        throw new ModerateError(`@${handle} は旧アカウントとしても現在のアカウントとしても登録されていません。`);
      });
      log(
        outcome.kind === 'former'
          ? `@${handle}（${outcome.owner} の旧アカウント）の登録を取り消しました。`
          : `@${handle} を ${outcome.owner} の現在のアカウントから外しました（プロフィールの X からも削除）。`,
      );
      logClosed(log, outcome.closed);
      return;
    }

    case 'verify': {
      const { handle, id } = handleArg(a);
      const outcome = await transact(db, async (tx) => {
        const claimRef = db.doc(`frozenAccounts/${id}`);
        const claim = await tx.get(claimRef);
        if (!claim.exists) throw new ModerateError(`@${handle} は旧アカウントとして登録されていません。`);
        const holder = await partyOf(db, tx, text(claim.get('userId')));
        const { claimants, finish } = await closeDisputesOn(tx, id, 'verify');
        const closed = finish(() => {
          // The operator's own check supersedes a store's: no store stands behind the claim any more.
          tx.update(claimRef, { verification: 'operator', confirmedBy: null, updatedAt: Timestamp.now() });
          appendLog(tx, {
            action: 'verify',
            target: `frozenAccounts/${id}`,
            detail: { owner: claim.get('userId'), previous: claim.get('verification'), confirmedBy: claim.get('confirmedBy') ?? null },
          });
          writeNotices(db, tx, verifyNotices(handle, holder, claimants));
        });
        return { owner: text(claim.get('userId')), closed };
      });
      log(`@${handle}（${outcome.owner} の旧アカウント）を運営確認済みにしました。`);
      logClosed(log, outcome.closed);
      return;
    }

    case 'dismiss':
    case 'close-report': {
      const collection = input.command === 'dismiss' ? 'disputes' : 'reports';
      const what = input.command === 'dismiss' ? '申し立て' : '通報';
      const docId = idArg(a, `${what}の ID `);
      await transact(db, async (tx) => {
        const ref = db.doc(`${collection}/${docId}`);
        const doc = await tx.get(ref);
        if (!doc.exists) throw new ModerateError(`${what} ${docId} はありません（すでに閉じられた可能性があります）。`);
        const claimant = collection === 'disputes' ? await disputeClaimant(tx, doc) : null;
        appendLog(tx, {
          action: input.command,
          target: `${collection}/${docId}`,
          detail: { [collection === 'disputes' ? 'dispute' : 'report']: doc.data() },
        });
        // A dispute decides 確認中 on the site: its tombstone tells the export. Reports never reach it.
        if (collection === 'disputes') deleteWithTombstone(db, tx, 'disputes', docId);
        else tx.delete(ref);
        if (claimant) writeNotices(db, tx, [dismissNotice(claimant.handle, claimant.party)]);
      });
      log(`${what} ${docId} を閉じました（記録を moderationLog に残し、投稿者の枠を空けました）。`);
      return;
    }

    case 'suspend': {
      const uid = idArg(a, 'ユーザー ID ');
      const reason = (input.reason ?? '').trim();
      if (!reason) throw new ModerateError('利用停止の理由（--reason）を指定してください。');
      const suspension = { reason, createdAt: Timestamp.now() };
      const parsed = suspensionDoc.safeParse(suspension);
      if (!parsed.success) throw new ModerateError(`理由（--reason）は ${suspensionDoc.shape.reason.maxLength} 文字以内にしてください。`);
      const previous = await transact(db, async (tx) => {
        const ref = db.doc(`suspensions/${uid}`);
        const existing = await tx.get(ref);
        tx.set(ref, suspension);
        appendLog(tx, { action: 'suspend', target: `suspensions/${uid}`, detail: { reason, previous: existing.data() ?? null } });
        return existing.exists;
      });
      log(
        `${uid} を利用停止にしました${previous ? '（理由を更新）' : ''}。次の書き出しでプロフィール・旧アカウント・出勤がサイトから消えます。`,
      );
      return;
    }

    case 'hide':
    case 'unhide': {
      const hidden = input.command === 'hide';
      const target = a ?? '';
      if (!/^(blogs|posts)\/[A-Za-z0-9_-]{1,128}$/.test(target)) {
        throw new ModerateError(`対象は blogs/<id> か posts/<id> で指定してください: ${JSON.stringify(target)}`);
      }
      await transact(db, async (tx) => {
        const ref = db.doc(target);
        const doc = await tx.get(ref);
        if (!doc.exists) throw new ModerateError(`${target} はありません（削除された可能性があります）。`);
        if (doc.get('hidden') === hidden) throw new ModerateError(`${target} はすでに${hidden ? '非公開' : '公開'}です。`);
        // updatedAt moves so the incremental export sees the change.
        tx.update(ref, { hidden, updatedAt: Timestamp.now() });
        appendLog(tx, { action: input.command, target, detail: { owner: doc.get('userId') } });
      });
      log(
        hidden
          ? `${target} を非公開にしました。次の書き出しでサイトから消え、投稿者には編集画面でお知らせが出ます。`
          : `${target} の非公開を解除しました。次の書き出しでサイトに戻ります。`,
      );
      return;
    }

    case 'verify-store': {
      const storeId = idArg(a, '店舗のユーザー ID ');
      const name = await transact(db, async (tx) => {
        const ref = db.doc(`storeVerifications/${storeId}`);
        const requestRef = db.doc(`storeVerificationRequests/${storeId}`);
        const [store, existing, request] = await Promise.all([tx.get(db.doc(`stores/${storeId}`)), tx.get(ref), tx.get(requestRef)]);
        if (!store.exists) throw new ModerateError(`${storeId} は店舗ではありません（stores/${storeId} がありません）。`);
        if (existing.exists) throw new ModerateError(`${storeId} はすでに運営確認済みの店舗です。`);
        tx.set(ref, storeVerificationDoc.parse({ verifiedAt: Timestamp.now() }));
        // Its request, if it asked, is answered (its note is kept in the log).
        if (request.exists) tx.delete(requestRef);
        // The marker the incremental export re-reads it by (src/registry/source-collections.ts).
        markChanged(db, tx, 'storeVerifications', storeId);
        appendLog(tx, {
          action: 'verify-store',
          target: `storeVerifications/${storeId}`,
          detail: {
            storeName: store.get('storeName') ?? null,
            published: store.get('published') ?? null,
            request: request.exists ? request.data() : null,
          },
        });
        writeNotices(db, tx, [storeVerificationNotice({ uid: storeId, type: 'store' }, true)]);
        return text(store.get('storeName'));
      });
      log(
        `${storeId}（${name}）を運営確認済みの店舗にしました。次の書き出しから、この店舗が確認した旧アカウントは「店舗確認済み」と表示されます。`,
      );
      return;
    }

    case 'unverify-store': {
      const storeId = idArg(a, '店舗のユーザー ID ');
      await transact(db, async (tx) => {
        const ref = db.doc(`storeVerifications/${storeId}`);
        const existing = await tx.get(ref);
        if (!existing.exists) throw new ModerateError(`${storeId} は運営確認済みの店舗ではありません。`);
        // Its tombstone tells the incremental export, which then shows this store's badges as 本人申告.
        deleteWithTombstone(db, tx, 'storeVerifications', storeId);
        appendLog(tx, { action: 'unverify-store', target: `storeVerifications/${storeId}`, detail: { previous: existing.data() } });
        writeNotices(db, tx, [storeVerificationNotice({ uid: storeId, type: 'store' }, false)]);
      });
      log(
        `${storeId} の運営確認を取り消しました。次の書き出しで、この店舗が確認した旧アカウントは「本人申告」の表示に戻ります（確認の記録は残り、再び確認すれば戻ります）。`,
      );
      return;
    }

    case 'erase': {
      const uid = idArg(a, 'ユーザー ID ');
      const erased = await eraseAccount({ db, by, ...(deps.erase ?? { auth: accountsAuth(), bucket: picturesBucket() }) }, uid);
      const logged = db.batch();
      appendLog(logged, {
        action: 'erase',
        target: `accounts/${uid}`,
        detail: { deleted: erased.deleted, pictures: erased.pictures, authUser: erased.authUser },
      });
      await logged.commit();
      log(`${describeErased(erased)}. 次の書き出しでサイトから消えます。`);
      return;
    }

    case 'unsuspend': {
      const uid = idArg(a, 'ユーザー ID ');
      await transact(db, async (tx) => {
        const ref = db.doc(`suspensions/${uid}`);
        const existing = await tx.get(ref);
        if (!existing.exists) throw new ModerateError(`${uid} は利用停止されていません。`);
        deleteWithTombstone(db, tx, 'suspensions', uid);
        appendLog(tx, { action: 'unsuspend', target: `suspensions/${uid}`, detail: { previous: existing.data() } });
      });
      log(`${uid} の利用停止を解除しました。次の書き出しでサイトに戻ります。`);
      return;
    }
  }
}

/**
 * Runs `body` in a transaction. A refusal (ModerateError, thrown before any
 * write) ends the transaction with an empty commit, which is awaited: a
 * thrown error would leave the rollback in flight when the script exits,
 * and the emulator keeps such locks for a while.
 */
async function transact<T>(db: Firestore, body: (tx: Transaction) => Promise<T>): Promise<T> {
  const outcome = await db.runTransaction(async (tx) => {
    try {
      return { value: await body(tx) };
    } catch (error) {
      if (error instanceof ModerateError) return { refusal: error };
      throw error;
    }
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.value;
}

function logClosed(log: (line: string) => void, closed: string[]) {
  if (closed.length > 0) log(`この件の申し立て ${closed.length} 件を閉じました: ${closed.join(', ')}`);
}

/** Where the command line's words go: the terminal, or a test's buffers. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The Firestore to act on; default the admin SDK's for $FIREBASE_PROJECT_ID. */
  db?: Firestore;
}

/**
 * The command line as the operator types it: parses `argv`, refuses a real
 * project without --allow-production, runs the command and answers with the
 * exit code (0 done, 1 refused or bad input, 2 no emulator).
 */
export async function runModerateCli(argv: string[], io: CliIo): Promise<number> {
  let input: ModerateCommand;
  let allowProduction: boolean;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { reason: { type: 'string' }, 'allow-production': { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: true,
    });
    allowProduction = values['allow-production'];
    const [command, ...args] = positionals;
    if (!command) throw new ModerateError('コマンドを指定してください。');
    input = { command, args, reason: values.reason };
    if (values.reason !== undefined && command !== 'suspend') throw new ModerateError('--reason は suspend にだけ使えます。');
  } catch (error) {
    const reason = error instanceof ModerateError ? error.message : `引数を読み取れません（${(error as Error).message}）。`;
    io.err(`${reason}\n${USAGE}`);
    return 1;
  }
  const target = await findWriteTarget(io.env, allowProduction);
  if (!target.ok) {
    io.err(target.reason);
    return 2;
  }
  if (target.local) {
    // The admin SDK reads the emulator's address from the process's environment.
    Object.assign(io.env, target.local);
    Object.assign(process.env, target.local);
    io.out(localTargetLine(target.local));
  }
  try {
    await moderate(input, {
      db: io.db,
      log: io.out,
      by: io.env.MODERATOR,
      reportPath: reportPathFor(exportDir(io.env)),
    });
    return 0;
  } catch (error) {
    const message = (error as Error).message;
    if (!(error instanceof ModerateError)) io.err(`操作に失敗しました: ${message}`);
    else io.err(error instanceof ModerateUsageError ? `${message}\n${USAGE}` : message);
    return 1;
  }
}

if (isMain(import.meta.url)) {
  const io: CliIo = { env: process.env, out: (line) => console.log(line), err: (line) => console.error(line) };
  process.exit(await runModerateCli(process.argv.slice(2), io));
}
