/**
 * 2026-11-area-vocabulary: an account's or store's `area` was free text of
 * 1–20 characters and became a URL segment; now it is one of the
 * vocabulary (src/lib/areas.ts, docs/decisions/area-vocabulary.md). Every
 * accounts/ and stores/ document whose area is not of the vocabulary gets
 * the area its text maps to (vocabularyAreaFor) and updatedAt = the server
 * time, so the next incremental export reads it again. Documents already
 * in the vocabulary are not written: a second run writes nothing.
 */
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { isArea, OTHER_AREA, type Area } from '../../src/lib/areas';
import type { Migration, MigrationResult } from './migration';

/**
 * Common spellings of an area that are not its name (after NFKC and
 * trimming): kana and kanji variants, the city for its main district.
 */
export const AREA_ALIASES: Readonly<Record<string, Area>> = {
  名古屋: '名駅',
  名駅前: '名駅',
  薄野: 'すすきの',
  ススキノ: 'すすきの',
  なんば: '難波',
  ナンバ: '難波',
  ミナミ: '難波',
  キタ: '梅田',
  恵比須: '恵比寿',
  歌舞伎町: '新宿',
  中洲川端: '中洲',
  三ノ宮: '三宮',
  神戸: '三宮',
  心斎橋筋: '心斎橋',
};

/** Suffixes people add to an area's name (新宿駅, 池袋エリア). */
const SUFFIXES = ['駅', 'エリア'];

/**
 * The area of the vocabulary a stored value becomes: its text folded (NFKC,
 * format characters such as zero-width and bidi marks removed, trimmed),
 * then matched exactly, without a 駅 or エリア suffix, or through
 * AREA_ALIASES; anything else (a non-string too) is その他.
 */
export function vocabularyAreaFor(value: unknown): Area {
  if (typeof value !== 'string') return OTHER_AREA;
  const folded = value
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .trim();
  const candidates = [folded, ...SUFFIXES.filter((suffix) => folded.endsWith(suffix)).map((suffix) => folded.slice(0, -suffix.length))];
  for (const candidate of candidates) {
    if (isArea(candidate)) return candidate;
    const alias = AREA_ALIASES[candidate];
    if (alias) return alias;
  }
  return OTHER_AREA;
}

/** The profile collections whose documents carry an area. */
const COLLECTIONS = ['accounts', 'stores'] as const;
const PAGE = 500;

async function migrateCollection(db: Firestore, name: (typeof COLLECTIONS)[number]): Promise<MigrationResult> {
  let read = 0;
  let written = 0;
  let after: string | null = null;
  for (;;) {
    // Only the area is needed to decide; pages by id keep memory flat at 100,000 profiles.
    let query = db.collection(name).select('area').orderBy(FieldPath.documentId()).limit(PAGE);
    if (after !== null) query = query.startAfter(after);
    const page = await query.get();
    read += page.size;
    const batch = db.batch();
    let changes = 0;
    for (const doc of page.docs) {
      const area: unknown = doc.get('area');
      if (isArea(area)) continue;
      batch.update(doc.ref, { area: vocabularyAreaFor(area), updatedAt: FieldValue.serverTimestamp() });
      changes++;
    }
    if (changes > 0) await batch.commit();
    written += changes;
    if (page.size < PAGE) return { read, written };
    after = page.docs.at(-1)!.id;
  }
}

export const areaVocabulary: Migration = {
  id: '2026-11-area-vocabulary',
  describe: 'accounts and stores: free-text area mapped onto the area vocabulary (src/lib/areas.ts)',
  async run(db) {
    const total: MigrationResult = { read: 0, written: 0 };
    for (const name of COLLECTIONS) {
      const result = await migrateCollection(db, name);
      total.read += result.read;
      total.written += result.written;
    }
    return total;
  },
};
