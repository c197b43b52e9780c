/**
 * `npm run seed [-- --therapists N] [--blogs-per-therapist B] [--today YYYY-MM-DD] [--if-empty]`:
 * fills Firestore (the emulator unless told otherwise) with the demo data;
 * with --blogs-per-therapist every published therapist has exactly B
 * 写メ日記 (scale runs: 10,000 × 20) instead of the demo's mix. When the
 * Storage emulator answers, stores and diaries get drawn pictures, uploaded
 * there while the documents are written (scripts/seed/pictures/); without
 * it, the documents name no pictures.
 * Refuses to write to a real project unless --allow-production is given.
 */
import { parseArgs } from 'node:util';
import { tokyoDateKey } from '../src/lib/tokyo-date';
import { adminDb, assertFirestoreReachable, emulatorBrowserAuth } from './lib/admin';
import { isMain } from './lib/cli';
import { MAX_BLOGS_PER_THERAPIST } from './seed/blogs';
import { generateFans, seedFanRanking } from './seed/fans';
import { generateSeed } from './seed/generate';
import { pictureTarget, uploadPictures } from './seed/pictures/upload';
import { writeDemoUsers, writeSeed } from './seed/write';

export interface SeedRunOptions {
  therapists: number;
  today?: string;
  ifEmpty?: boolean;
  /** Exactly this many blogs for every published therapist (scale runs); default: about a third of them write 1–20. */
  blogsPerTherapist?: number;
}

/** Seeds with this many therapists or fewer get pictures: the demo's 200 upload about 900 files, 1,000 about 4,500. */
export const MAX_PICTURED_THERAPISTS = 1000;

/** Seeds the database; returns the number of documents written (0 when skipped). */
export async function runSeed(options: SeedRunOptions): Promise<number> {
  const db = adminDb();
  await assertFirestoreReachable(db);
  if (options.ifEmpty && !(await db.collection('accounts').limit(1).get()).empty) return 0;
  const target =
    options.therapists > MAX_PICTURED_THERAPISTS
      ? { skipped: `more than ${MAX_PICTURED_THERAPISTS} therapists (a scale run; their uploads would take minutes)` }
      : await pictureTarget();
  const storage = 'skipped' in target ? null : target;
  if ('skipped' in target) console.log(`Seed pictures skipped: ${target.skipped}.`);
  const docs = generateSeed({
    therapists: options.therapists,
    today: options.today ?? tokyoDateKey(),
    blogsPerTherapist: options.blogsPerTherapist,
    pictures: storage !== null,
  });
  // Demo fans and their 推し (scripts/seed/fans.ts): private rows the ranking counts.
  const fans = generateFans(docs, { today: options.today ?? tokyoDateKey() });
  docs.push(...fans.docs);
  // Pictures are drawn and uploaded while Firestore and Auth take the rest (the uploads take longest).
  const files = docs.flatMap((doc) => doc.files ?? []);
  const uploading = storage ? uploadPictures(storage, files) : null;
  // Rejections are awaited below; this only keeps one from being reported as unhandled meanwhile.
  uploading?.catch(() => undefined);
  const written = await writeSeed(db, docs, (n) => console.log(`  ${n} documents written…`));
  // Browsers sign in against the emulator's own project, whichever project holds the data.
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    await writeDemoUsers(emulatorBrowserAuth());
    await seedFanRanking(db, emulatorBrowserAuth(), fans.users);
  }
  const uploaded = await uploading;
  if (uploaded) console.log(`  ${uploaded.files} pictures uploaded (${uploaded.drawn} drawn, ${(uploaded.bytes / 1e6).toFixed(1)} MB).`);
  return written;
}

/** The demo data set (200 therapists), written only into an empty database. */
export async function seedDemoIfEmpty(): Promise<void> {
  const written = await runSeed({ therapists: 200, ifEmpty: true });
  if (written > 0) console.log(`Seeded ${written} demo documents.`);
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      therapists: { type: 'string', default: '200' },
      'blogs-per-therapist': { type: 'string' },
      today: { type: 'string' },
      'if-empty': { type: 'boolean', default: false },
      'allow-production': { type: 'boolean', default: false },
    },
  });
  const therapists = Number(values.therapists);
  if (!Number.isInteger(therapists) || therapists < 1 || therapists > 100_000) {
    console.error('--therapists must be a whole number from 1 to 100000.');
    process.exit(2);
  }
  const blogsPerTherapist = values['blogs-per-therapist'] === undefined ? undefined : Number(values['blogs-per-therapist']);
  if (
    blogsPerTherapist !== undefined &&
    !(Number.isInteger(blogsPerTherapist) && blogsPerTherapist >= 0 && blogsPerTherapist <= MAX_BLOGS_PER_THERAPIST)
  ) {
    console.error(`--blogs-per-therapist must be a whole number from 0 to ${MAX_BLOGS_PER_THERAPIST}.`);
    process.exit(2);
  }
  if (!process.env.FIRESTORE_EMULATOR_HOST && !values['allow-production']) {
    console.error('FIRESTORE_EMULATOR_HOST is not set: refusing to seed a real project (pass --allow-production to insist).');
    process.exit(2);
  }
  try {
    const written = await runSeed({ therapists, today: values.today, ifEmpty: values['if-empty'], blogsPerTherapist });
    console.log(written === 0 ? 'Firestore already holds data; seed skipped.' : `Seeded ${written} documents.`);
    process.exit(0);
  } catch (error) {
    console.error(`Seed failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
