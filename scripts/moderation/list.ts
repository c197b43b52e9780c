/**
 * `moderate list`: what waits for the operator (disputes, reports, the
 * ranking's burst reports, stores' verification requests, suspensions,
 * requests to leave not yet carried out)
 * and what the last cycle left out of the site. Every line holds text
 * clients wrote, so every line goes out terminal-safe.
 */
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { ACCOUNT_DELETIONS_COLLECTION } from '../../src/schema/account-deletions';
import { xHandleOfDocId } from '../../src/schema/frozen-accounts';
import { RANKING_BURST_REASON } from '../../src/schema/rankings';
import { storeDocName } from '../../src/lib/store-name';
import { describeSkipped, readReport, type SkippedDocument } from '../export/report';
import { terminalSafe } from '../lib/terminal-safe';
import { byTimeOf, isUid, oneLine, text, when } from './fields';

export async function list(db: Firestore, out: (line: string) => void, reportPath: string): Promise<void> {
  // Every line holds text clients wrote (evidence, reports, notes, names).
  const log = (line: string) => out(terminalSafe(line));
  const [disputes, reports, suspensions, verificationRequests, leaving] = await Promise.all([
    db.collection('disputes').get(),
    db.collection('reports').get(),
    db.collection('suspensions').get(),
    db.collection('storeVerificationRequests').get(),
    db.collection(ACCOUNT_DELETIONS_COLLECTION).get(),
  ]);
  // One user is often on several lines (both sides of disputes, reports, suspensions): her profile is read once.
  const names = new Map<string, Promise<string>>();
  const who = (uid: string) => names.get(uid) ?? names.set(uid, whoIs(db, uid)).get(uid)!;
  const holders = await Promise.all(
    disputes.docs.map(async (doc) => {
      const handleId = text(doc.get('handleId'));
      if (!xHandleOfDocId(handleId)) return '（不正な handleId）';
      const collection = doc.get('kind') === 'current' ? 'currentHandles' : 'frozenAccounts';
      const held = await db.doc(`${collection}/${handleId}`).get();
      if (!held.exists) return '（登録なし）';
      const level = collection === 'frozenAccounts' ? `、${text(held.get('verification'))}` : '';
      return `${await who(text(held.get('userId')))}${level}`;
    }),
  );
  const claimants = await Promise.all(disputes.docs.map((doc) => who(text(doc.get('userId')))));
  const byTime = byTimeOf('createdAt');
  const sortedReports = reports.docs.sort(byTime);
  const [targets, reporters, suspended, leavers] = await Promise.all([
    Promise.all(sortedReports.map((doc) => whatIs(db, who, text(doc.get('targetPath'))))),
    Promise.all(sortedReports.map((doc) => who(text(doc.get('userId'))))),
    Promise.all(suspensions.docs.map((doc) => who(doc.id))),
    Promise.all(leaving.docs.map((doc) => who(doc.id))),
  ]);
  const described = new Map(sortedReports.map((doc, n) => [doc.id, { target: targets[n]!, reporter: reporters[n]! }]));

  log(`申し立て（未対応 ${disputes.size} 件）`);
  disputes.docs
    .map((doc, n) => ({ doc, holder: holders[n]!, claimant: claimants[n]! }))
    .sort((x, y) => byTime(x.doc, y.doc))
    .forEach(({ doc, holder, claimant }) => {
      const kind = doc.get('kind') === 'current' ? '現在' : '旧';
      // The handle as transfer, revoke and verify take it.
      const handleId = text(doc.get('handleId'));
      const handle = xHandleOfDocId(handleId);
      log(
        `- ${doc.id}  ${handle ? `@${handle}` : handleId}（${kind}アカウント、いまの持ち主: ${holder}）  申し立てた人: ${claimant}  ${when(doc.get('createdAt'))}`,
      );
      log(`    ${oneLine(doc.get('evidence'))}`);
    });
  // The ranking's automatic burst reports (scripts/ranking/burst-reports.ts) are listed apart from people's.
  const [bursts, userReports] = partition(sortedReports, (doc) => doc.get('reason') === RANKING_BURST_REASON);
  log(`通報（未対応 ${userReports.length} 件）`);
  userReports.forEach((doc) => {
    const { target, reporter } = described.get(doc.id)!;
    log(`- ${doc.id}  対象: ${target}  理由: ${text(doc.get('reason'))}  通報した人: ${reporter}  ${when(doc.get('createdAt'))}`);
    if (doc.get('text')) log(`    ${oneLine(doc.get('text'))}`);
  });
  log(`推しランキングの自動検知（未対応 ${bursts.length} 件、閉じるまで集計から除外）`);
  bursts.forEach((doc) => {
    log(
      `- ${doc.id}  対象: ${described.get(doc.id)!.target}  新しいアカウントからの推し: ${text(doc.get('burst.fans'))} 件  ` +
        `${when(doc.get('burst.from'))} 〜 ${when(doc.get('burst.to'))}`,
    );
  });
  await listVerificationRequests(db, log, verificationRequests.docs);
  log(`利用停止中（${suspensions.size} 件）`);
  suspensions.docs.forEach((doc, n) => log(`- ${suspended[n]}  理由: ${text(doc.get('reason'))}  ${when(doc.get('createdAt'))}`));
  // Erased as they arrive by npm start, the publisher and the scheduled run: one that stays here failed (their logs say why).
  log(`退会の申請（処理待ち ${leaving.size} 件、erase <uid> でも削除できる）`);
  leaving.docs.forEach((doc, n) => log(`- ${leavers[n]}  申請: ${when(doc.get('requestedAt'))}`));
  await listLeftOut(reportPath, log);
}

/** A user as the operator checks her: her id (as the commands take it) and her profile's name. */
async function whoIs(db: Firestore, uid: string): Promise<string> {
  if (!isUid(uid)) return `${uid}（不正な ID）`;
  const [store, account] = await Promise.all([db.doc(`stores/${uid}`).get(), db.doc(`accounts/${uid}`).get()]);
  if (store.exists) return `${uid}（店舗「${storeDocName(store.data()!)}」）`;
  if (account.exists) return `${uid}（${text(account.get('displayName'))}）`;
  return `${uid}（プロフィールなし）`;
}

/** What a report names, as the operator checks it: a profile with its name, a blog or post with who wrote it. */
async function whatIs(db: Firestore, who: (uid: string) => Promise<string>, targetPath: string): Promise<string> {
  const [collection, id, ...rest] = targetPath.split('/');
  if (rest.length > 0 || !id || !isUid(id)) return targetPath;
  if (collection === 'accounts' || collection === 'stores') return `${collection}/${await who(id)}`;
  if (collection !== 'blogs' && collection !== 'posts') return targetPath;
  const content = await db.doc(targetPath).get();
  return content.exists ? `${targetPath}（書いた人: ${await who(text(content.get('userId')))}）` : `${targetPath}（削除済み）`;
}

/**
 * The stores that asked to be verified, oldest first, with what the
 * operator checks them by: the name, area and page, the official site and
 * X account, and the store's note (how to reach it).
 */
async function listVerificationRequests(db: Firestore, log: (line: string) => void, requests: QueryDocumentSnapshot[]): Promise<void> {
  const sorted = [...requests].sort(byTimeOf('requestedAt'));
  const stores = await Promise.all(sorted.map((request) => db.doc(`stores/${request.id}`).get()));
  log(`店舗の確認申請（未対応 ${sorted.length} 件、verify-store で確認済みにすると閉じる）`);
  sorted.forEach((request, n) => {
    const store = stores[n]!;
    const name = store.exists ? storeDocName(store.data()!) : '（店舗なし）';
    const facts = [
      `エリア: ${text(store.get('area')) || 'なし'}`,
      `ページ: /store-profile/${text(store.get('profileSlug'))}${store.get('published') === true ? '' : '（非公開）'}`,
      `サイト: ${text(store.get('website')) || 'なし'}`,
      `X: ${store.get('channels.x') ? `@${text(store.get('channels.x'))}` : 'なし'}`,
    ];
    log(`- ${request.id}  ${name}  ${facts.join('  ')}  ${when(request.get('requestedAt'))}`);
    if (request.get('note')) log(`    ${oneLine(request.get('note'))}`);
  });
}

/** Why a record is off the site, by the stage that left it out (scripts/export/report.ts). */
const LEFT_OUT_STAGES: Record<SkippedDocument['stage'], string> = {
  source: '書き出し：形式の誤り',
  derive: '書き出し：公開データを作れない',
  public: '書き出し：公開データの形式の誤り',
  build: 'ビルド：公開データの形式の誤り',
  page: 'ビルド：ページを作れない',
};

/** The records the last cycle left out of the site (the export's report beside the export), as `collection/id: what failed`. */
async function listLeftOut(reportPath: string, log: (line: string) => void): Promise<void> {
  const report = await readReport(reportPath);
  if (!report) {
    log(`公開から外した記録（${reportPath} がありません：まだ書き出していません）`);
    return;
  }
  const entries = [...report.skipped, ...report.quarantined];
  log(`公開から外した記録（${entries.length} 件、${report.exportedAt || '書き出し前'} の書き出しとその後のビルド）`);
  for (const entry of entries) log(`- ${describeSkipped(entry)}  〔${LEFT_OUT_STAGES[entry.stage] ?? entry.stage}〕`);
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
