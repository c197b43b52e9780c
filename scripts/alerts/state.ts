/**
 * The alerts job's memory, one JSON file beside the export
 * (`{exportDir}-alerts.json`): the snapshot of the export it alerted last,
 * each 推し's count of events today (the daily bound), and the events it
 * has promised but not yet delivered (pending). Written atomically
 * (temporary file, then rename), so a killed job leaves the old state or
 * the new one, never half of one.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from '../../src/schema/zod';
import { ANNOUNCEMENT_KINDS, alertFacts } from '../../src/schema/announcements';
import { ALERT_KINDS } from '../../src/schema/users';
import { WrittenFiles } from '../lib/written-files';

const VERSION = 2;

/** What the export held last time, reduced to what tells a new event from an old one. */
const snapshot = z
  .object({
    /** Former handles already alerted (non-disputed once), by frozenAccounts id. */
    frozen: z.record(z.string(), z.object({ userId: z.string(), handle: z.string() }).strict()),
    /** Every public therapist's and store's current X handle ('' for none), by uid. */
    x: z.record(z.string(), z.string()),
    blogs: z.array(z.string()),
    posts: z.array(z.string()),
    shifts: z.array(z.string()),
    /** 今すぐ案内可 windows already alerted, as `{uid}:{setAt}` (a state saved before it had none). */
    availableNow: z.array(z.string()).default([]),
  })
  .strict();
export type AlertSnapshot = z.infer<typeof snapshot>;

/** One event of a 推し's Tokyo day: what the daily bound needs to place it in each fan's day. */
const dayEvent = z
  .object({
    id: z.string().min(1),
    /** The fan setting it falls under. */
    alert: z.enum(ALERT_KINDS),
    /** When it happened (its record's time, else when the job found it): a fan counts it only when her 推し began before. */
    at: z.iso.datetime({ offset: true }),
  })
  .strict();
export type DayEvent = z.infer<typeof dayEvent>;

/** One 推し's events of one Tokyo day, in order (at most ALERTS_PER_DAY + DIGEST_UPDATES_PER_DAY). */
const dayCount = z.object({ date: z.string(), count: z.number().int().min(0), events: z.array(dayEvent) }).strict();
export type DayCount = z.infer<typeof dayCount>;

const pendingEvent = z
  .object({
    /** handle:{frozenId}, channel:{uid}:{handle}, blog:{id}, post:{id}, shift:{id}, watch:{handle}:{uid}. */
    id: z.string().min(1),
    kind: z.enum(ANNOUNCEMENT_KINDS),
    /** The fan setting that turns it off (users/{uid}.alerts[…]); null for a handle watch. */
    alert: z.enum(ALERT_KINDS).nullable(),
    /** The 推し (for a watch: who registered the handle). */
    target: z.string().min(1),
    /** A watch event's handle. */
    handle: z.string().optional(),
    /** What happened, as src/lib/alerts/wording.ts words it (her name as the export had it at detection). */
    facts: alertFacts,
    /** Where the alert leads, and her public page (where a digest leads). */
    link: z.string(),
    profileLink: z.string(),
    /** When the job found it: the announcements' createdAt and the wording's "now", so a rerun writes the same documents. */
    detectedAt: z.iso.datetime({ offset: true }),
    /** Its Tokyo day, and its place in the 推し's day (null for a watch: not bounded). */
    date: z.string(),
    ordinal: z.number().int().positive().nullable(),
    /** Her day's events up to this one, this one last (null for a watch): each fan's place is worked out from them. */
    day: z.array(dayEvent).nullable(),
    /** The path of the last fan row (uid order) whose batch committed: a rerun goes on after it. */
    cursor: z.string().nullable(),
  })
  .strict();
export type PendingEvent = z.infer<typeof pendingEvent>;

const alertState = z
  .object({
    version: z.literal(VERSION),
    snapshot,
    days: z.record(z.string(), dayCount),
    pending: z.array(pendingEvent),
  })
  .strict();
export type AlertState = z.infer<typeof alertState>;

/** Version 1 as far as it is still of use: its snapshot. */
const previousVersion = z.object({ version: z.literal(1), snapshot }).loose();

/** The state file of the export in `exportDir`: a sibling file, `{exportDir}-alerts.json`. */
export function alertStatePathFor(exportDir: string): string {
  return `${path.resolve(exportDir)}-alerts.json`;
}

export class AlertStateError extends Error {}

/**
 * The text this process last saved, while the file is still that save:
 * parsed without the schema check (at 10,000 × 20 checking the snapshot's
 * 200,000 diary ids took a fifth of a second of every cycle of `npm start`).
 */
const saved = new WrittenFiles<string>();

/** The saved state, or null when there is none yet (the first run). A damaged file throws: its pending events matter. */
export async function loadAlertState(file: string): Promise<AlertState | null> {
  const own = await saved.take(file);
  if (own !== undefined) return JSON.parse(own) as AlertState;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: z.ZodSafeParseResult<AlertState>;
  try {
    const json: unknown = JSON.parse(text);
    parsed = alertState.safeParse(json);
    // A state from before alerts carried their facts (version 1): its snapshot still tells old from new;
    // its pending list (empty unless a run died midway) and day counts cannot be worded again, so they start over.
    const before = previousVersion.safeParse(json);
    if (!parsed.success && before.success) return initialState(before.data.snapshot);
  } catch {
    parsed = { success: false, error: new z.ZodError([]) as z.ZodError<AlertState> };
  }
  if (!parsed.success) {
    throw new AlertStateError(
      `通知ジョブの状態ファイル ${file} を読み取れません。` +
        'ファイルを消すと、次の実行で新しい状態から始めます（その間の未送信の通知は失われます）。',
    );
  }
  return parsed.data;
}

/** Each snapshot's JSON: a run saves its state after every delivery, and its snapshot (200,000 diary ids at scale) is never changed, only replaced. */
const snapshotTexts = new WeakMap<AlertSnapshot, string>();

function stateText(state: AlertState): string {
  const { snapshot: current, ...rest } = state;
  let snapshotText = snapshotTexts.get(current);
  if (snapshotText === undefined) snapshotTexts.set(current, (snapshotText = JSON.stringify(current)));
  return `{"snapshot":${snapshotText},${JSON.stringify(rest).slice(1)}`;
}

/** Saves the state atomically (temporary file, then rename). */
export async function saveAlertState(file: string, state: AlertState): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const staging = `${file}.tmp-${process.pid}`;
  const text = stateText(state);
  await writeFile(staging, text);
  await rename(staging, file);
  await saved.keep(file, text);
}

/** A state holding only `snapshot`: what the first run writes. */
export function initialState(current: AlertSnapshot): AlertState {
  return { version: VERSION, snapshot: current, days: {}, pending: [] };
}
