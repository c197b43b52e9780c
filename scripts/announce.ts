/**
 * `npm run announce -- (--user <uid> [--user <uid>…] | --all) --title <t>
 *   [--body <b>] [--link </path | https URL>] [--kind system]`:
 * writes an announcement for each user (trusted code: clients cannot) and
 * pushes it to their registered browsers. Pushing needs the real Cloud
 * Messaging, so against the emulator or a demo- project it is skipped, with
 * the reason printed. With a running `npm start` it finds the local
 * emulators by itself (demo- projects only). Refuses to write to a real
 * project unless --allow-production is given.
 */
import { parseArgs } from 'node:util';
import { FieldValue, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { getMessaging } from 'firebase-admin/messaging';
import { z } from '../src/schema/zod';
import { announcementDoc, type AnnouncementDoc } from '../src/schema/announcements';
import { adminApp, adminDb, assertFirestoreReachable } from './lib/admin';
import { isMain } from './lib/cli';
import { chooseWriteTarget } from './lib/write-target';
import { chunk, pushTargetOf, sendPush, tokenSnapshotsOf, type MessagingSender, type PushTarget } from './lib/messaging';
import { projectId } from './lib/project';

export type AnnouncementKind = AnnouncementDoc['kind'];

export interface AnnounceOptions {
  /** Recipients by uid; or `all` for every users/{uid} document. */
  users?: string[];
  all?: boolean;
  title: string;
  body?: string;
  /** A site path (/…) or an https URL. */
  link?: string;
  kind?: AnnouncementKind;
}

export interface AnnounceResult {
  created: number;
  /** Tokens the push was handed to. */
  pushed: number;
  /** Why no push was sent (emulator, demo- project). */
  pushSkipped?: string;
  /** Token records deleted because Cloud Messaging called them dead. */
  removedTokens: number;
  /** Tokens the push failed for, for other reasons (their records are kept). */
  pushFailed: number;
}

export interface AnnounceDeps {
  db?: Firestore;
  /** Cloud Messaging (created only when a push is sent). */
  messaging?: () => MessagingSender;
  /** Overrides the environment's answer: a reason to skip pushing, or null to push. */
  pushSkipReason?: string | null;
  log?: (line: string) => void;
}

/** Bad options; the message is Japanese and names every problem. */
export class AnnounceInputError extends Error {}
/** The announcements were written, but sending the push failed. */
export class AnnouncePushError extends Error {}

export const USAGE =
  'npm run announce -- (--user <uid> [--user <uid>…] | --all) --title <タイトル> [--body <本文>] ' +
  '[--link </パス または https://…>] [--kind system] [--allow-production]';

const BATCH_SIZE = 500;
const shape = announcementDoc.shape;
const kinds = shape.kind.options;
const titleMin = shape.title.minLength ?? 1;
const titleMax = shape.title.maxLength ?? 100;
const bodyMax = shape.body.maxLength ?? 1000;
const linkMax = shape.link.maxLength ?? 500;
/** A path on this site (not protocol-relative //host) or an https URL. */
const LINK_PATTERN = /^(?:\/(?![/\\])\S*|https:\/\/[^\s/]+\S*)$/;

const uidInput = z
  .string({ error: 'ユーザー ID（--user）は文字列で指定してください。' })
  .min(1, 'ユーザー ID（--user）が空です。')
  .max(128, 'ユーザー ID（--user）は 128 文字以内です。')
  .refine((id) => !id.includes('/') && id !== '.' && id !== '..', 'ユーザー ID（--user）に使えない文字（/）が含まれています。');

const announceInput = z
  .object({
    users: z.array(uidInput, { error: '--user はユーザー ID の配列です。' }).default([]),
    all: z.boolean({ error: '--all は true / false です。' }).default(false),
    title: z
      .string({
        error: (issue) => (issue.input === undefined ? 'タイトル（--title）を指定してください。' : 'タイトル（--title）は文字列です。'),
      })
      .trim()
      .min(titleMin, 'タイトル（--title）が空です。')
      .max(titleMax, `タイトル（--title）は ${titleMax} 文字以内にしてください。`),
    body: z
      .string({ error: '本文（--body）は文字列です。' })
      .trim()
      .max(bodyMax, `本文（--body）は ${bodyMax} 文字以内にしてください。`)
      .default(''),
    link: z
      .string({ error: 'リンク（--link）は文字列です。' })
      .trim()
      .max(linkMax, `リンク（--link）は ${linkMax} 文字以内にしてください。`)
      .refine(
        (link) => link === '' || LINK_PATTERN.test(link),
        'リンク（--link）は / で始まるサイト内のパスか、https:// で始まる URL にしてください。',
      )
      .default(''),
    kind: z.enum(kinds, { error: `種類（--kind）は ${kinds.join(' / ')} のどれかにしてください。` }).default('system'),
  })
  .strict()
  .refine((input) => !(input.all && input.users.length > 0), '--all と --user は一緒に使えません。どちらか一方を指定してください。')
  .refine((input) => input.all || input.users.length > 0, '宛先を指定してください（--user <uid> を 1 つ以上、または --all）。');

export type ParsedAnnounceOptions = z.infer<typeof announceInput>;

/** Checks and normalises options (trimmed text, defaults, unique users); throws AnnounceInputError. */
export function parseAnnounceOptions(options: unknown): ParsedAnnounceOptions {
  const result = announceInput.safeParse(options);
  if (!result.success) {
    const lines = result.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys' ? `知らないオプションです: ${issue.keys.join(', ')}` : issue.message,
    );
    throw new AnnounceInputError([...new Set(lines)].join('\n'));
  }
  return { ...result.data, users: [...new Set(result.data.users)] };
}

/** Why pushes cannot be sent from here, or null when they can. */
export function pushSkipReason(env: NodeJS.ProcessEnv = process.env, project: string = projectId()): string | null {
  if (env.FIRESTORE_EMULATOR_HOST) {
    return `Cloud Messaging にはエミュレータがないため、プッシュ送信はスキップしました（Firestore エミュレータ ${env.FIRESTORE_EMULATOR_HOST} に接続中）。`;
  }
  if (project.startsWith('demo-')) {
    return `demo- プロジェクト（${project}）では Cloud Messaging を使えないため、プッシュ送信はスキップしました。`;
  }
  return null;
}

/** Writes one announcement per user and pushes it to their tokens. */
export async function announce(options: AnnounceOptions, deps: AnnounceDeps = {}): Promise<AnnounceResult> {
  const input = parseAnnounceOptions(options);
  const db = deps.db ?? adminDb();
  const log = deps.log ?? ((line: string) => console.log(line));
  await assertFirestoreReachable(db);

  const users = input.all ? await allUserIds(db) : input.users;
  const created = await writeAnnouncements(db, users, input);

  const skipped = deps.pushSkipReason !== undefined ? deps.pushSkipReason : pushSkipReason();
  if (skipped) {
    log(skipped);
    return { created, pushed: 0, pushSkipped: skipped, removedTokens: 0, pushFailed: 0 };
  }
  try {
    const targets = await tokenTargets(db, users, input.all);
    if (targets.length === 0) return { created, pushed: 0, removedTokens: 0, pushFailed: 0 };
    const messaging = deps.messaging ? deps.messaging() : getMessaging(adminApp());
    const report = await sendPush(messaging, targets, input);
    return { created, pushed: report.sent, removedTokens: report.removed, pushFailed: report.failed };
  } catch (error) {
    throw new AnnouncePushError(`お知らせ ${created} 件は作成しましたが、プッシュ送信に失敗しました: ${(error as Error).message}`);
  }
}

async function allUserIds(db: Firestore): Promise<string[]> {
  const snapshot = await db.collection('users').select().get();
  return snapshot.docs.map((doc) => doc.id);
}

async function writeAnnouncements(db: Firestore, users: readonly string[], input: ParsedAnnounceOptions): Promise<number> {
  const { title, body, link, kind } = input;
  let written = 0;
  for (const ids of chunk(users, BATCH_SIZE)) {
    const batch = db.batch();
    for (const userId of ids) {
      batch.create(db.collection('announcements').doc(), { userId, createdAt: FieldValue.serverTimestamp(), title, body, link, kind });
    }
    await batch.commit();
    written += ids.length;
  }
  return written;
}

/** The stored tokens of `users`: users/{uid}/fcmTokens/{slot}.token. */
async function tokenTargets(db: Firestore, users: readonly string[], all: boolean): Promise<PushTarget[]> {
  const toTarget = (doc: QueryDocumentSnapshot): PushTarget[] => {
    const target = pushTargetOf(doc);
    return target ? [target] : [];
  };
  if (all) {
    const wanted = new Set(users);
    const snapshot = await db.collectionGroup('fcmTokens').get();
    return snapshot.docs
      .filter((doc) => {
        const user = doc.ref.parent.parent;
        return user !== null && user.parent.id === 'users' && wanted.has(user.id);
      })
      .flatMap(toTarget);
  }
  return (await tokenSnapshotsOf(db, users)).flatMap((snapshot) => snapshot.docs.flatMap(toTarget));
}

if (isMain(import.meta.url)) {
  let options: ParsedAnnounceOptions;
  let allowProduction: boolean;
  try {
    const { values } = parseArgs({
      options: {
        user: { type: 'string', multiple: true },
        all: { type: 'boolean', default: false },
        title: { type: 'string' },
        body: { type: 'string' },
        link: { type: 'string' },
        kind: { type: 'string' },
        'allow-production': { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    allowProduction = values['allow-production'];
    options = parseAnnounceOptions({
      users: values.user ?? [],
      all: values.all,
      title: values.title,
      body: values.body,
      link: values.link,
      kind: values.kind,
    });
  } catch (error) {
    const reason = error instanceof AnnounceInputError ? error.message : `引数を読み取れません（${(error as Error).message}）。`;
    console.error(`${reason}\n使い方: ${USAGE}`);
    process.exit(1);
  }
  await chooseWriteTarget(allowProduction);
  try {
    const result = await announce(options);
    console.log(`お知らせを ${result.created} 件作成しました。`);
    if (!result.pushSkipped) {
      console.log(
        `プッシュ: ${result.pushed} 件送信、${result.pushFailed} 件失敗、無効なトークン ${result.removedTokens} 件を削除しました。`,
      );
    }
    process.exit(0);
  } catch (error) {
    const message = (error as Error).message;
    console.error(error instanceof AnnouncePushError ? message : `お知らせの作成に失敗しました: ${message}`);
    process.exit(1);
  }
}
