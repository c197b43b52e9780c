/**
 * The seed's 写メ日記 (blogs) and timeline posts, generated from the
 * profiles already in the seed: about a third of the published therapists
 * write 1–20 diaries over the last 60 days, about a third of all
 * therapists 1–10 posts over the last 30 (the export drops those of
 * unpublished ones). The demo therapist always has both, plus one draft;
 * the demo store has a few of its own. With `blogsPerTherapist` (scale
 * runs) every published therapist has exactly that many diaries instead,
 * and nothing else is added to `blogs`.
 *
 * Each author draws from her own random stream (seed + uid), so these
 * documents never disturb the rest of the seed, and a therapist's diary
 * is the same whatever the number of therapists. With `pictures`, about
 * two thirds of the demo mix's diaries and all of the store's show 1–4
 * drawn pictures (scripts/seed/pictures/choose.ts), each diary's from a
 * stream of its own (seed + id), so its text stays as it was. Every time is before
 * the seed's base (Tokyo midnight of `today`): a future time would be read
 * again by every incremental export until it came, so the seed has no
 * scheduled (予約) posts. Ids follow src/lib/daily-id.ts.
 */
import { dailyDocId, tokyoDayDigits } from '../../src/lib/daily-id';
import { addDays, tokyoDateKey, tokyoInstant } from '../../src/lib/tokyo-date';
import { BLOG_TITLE_MAX, MAX_BLOGS_PER_DAY } from '../../src/schema/blogs';
import { MAX_POSTS_PER_DAY } from '../../src/schema/posts';
import * as diary from './diary-words';
import type { SeedDoc } from './seed-doc';
import { diaryPictures, type DiaryTheme } from './pictures/choose';
import { SeededRandom } from './random';
import { NAME_DECORATIONS } from './words';

/** Diaries are dated over this many days before the base; timeline posts over the shorter window. */
export const BLOG_DAYS = 60;
export const POST_DAYS = 30;
/** The most `blogsPerTherapist` can be: every day of the window full. */
export const MAX_BLOGS_PER_THERAPIST = BLOG_DAYS * MAX_BLOGS_PER_DAY;
/** The demo therapist's published diaries and posts (she also has one draft). */
export const DEMO_THERAPIST_BLOGS = 12;
export const DEMO_THERAPIST_POSTS = 6;
const DEMO_THERAPIST = 'demo-therapist';
const DEMO_STORE = 'demo-store';

const DAY_MS = 86_400_000;
/** Hours of the day people write at: mostly around lunch and late at night. */
const WRITING_HOURS = [0, 0, 1, 2, 9, 10, 11, 11, 12, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 21, 22, 22, 23, 23] as const;
const WEEKDAYS = '日月火水木金土';
const THEMES = ['shift', 'shift', 'shift', 'daily', 'daily', 'course', 'course', 'thanks', 'thanks', 'season'] as const;
type Theme = (typeof THEMES)[number];

export interface ContentOptions {
  /** Tokyo date (YYYY-MM-DD) of the seed: every time is before its midnight. */
  today: string;
  seed: string;
  /** Scale runs: exactly this many diaries for every published therapist (0..MAX_BLOGS_PER_THERAPIST). */
  blogsPerTherapist?: number;
  /** Pictures for about two thirds of the demo mix's diaries and all of the store's (never in scale runs). */
  pictures: boolean;
}

interface Author {
  uid: string;
  /** Her name without the display name's decoration (「ゆい☆」 → 「ゆい」). */
  name: string;
  area: string;
  /** Where she works, as her diary says it: her confirmed store's name, else her area's. */
  place: string;
  published: boolean;
}

/** One diary or post to write: when, and for a diary whether it is the draft. */
interface Entry {
  at: Date;
  draft?: boolean;
  /** The demo store's entries: which of its texts. */
  index?: number;
}

/** The blogs/ and posts/ documents for the profiles in `docs` (the seed so far). */
export function generateContent(docs: readonly SeedDoc[], options: ContentOptions): SeedDoc[] {
  const perTherapist = options.blogsPerTherapist;
  if (perTherapist !== undefined && !(Number.isInteger(perTherapist) && perTherapist >= 0 && perTherapist <= MAX_BLOGS_PER_THERAPIST)) {
    throw new RangeError(`blogsPerTherapist must be a whole number from 0 to ${MAX_BLOGS_PER_THERAPIST}.`);
  }
  const base = tokyoInstant(options.today, '00:00').getTime();
  // Scale runs measure text: hundreds of thousands of uploads would only slow them.
  const pictures = options.pictures && perTherapist === undefined;
  const { therapists, demoStore } = authorsOf(docs);
  const out: SeedDoc[] = [];

  for (const author of therapists) {
    const random = new SeededRandom(`${options.seed}/blogs/${author.uid}`);
    const isDemo = author.uid === DEMO_THERAPIST;
    let count = 0;
    if (perTherapist !== undefined) count = author.published ? perTherapist : 0;
    else if (author.published && (isDemo || random.chance(1 / 3))) count = isDemo ? DEMO_THERAPIST_BLOGS : random.int(1, 20);
    if (count === 0) continue;
    const entries = spread(random, base, count, BLOG_DAYS, MAX_BLOGS_PER_DAY);
    // Her draft from yesterday evening, never published.
    if (isDemo && perTherapist === undefined) entries.push({ at: new Date(base - DAY_MS + (20 * 3600 + 1234) * 1000), draft: true });
    withSlots(entries, MAX_BLOGS_PER_DAY, (entry, slot) => {
      const id = dailyDocId(author.uid, tokyoDayDigits(entry.at), slot);
      const { data, theme } = diaryDoc(random, author, entry, base);
      out.push(pictures ? withPictures(options.seed, id, data, theme) : { path: `blogs/${id}`, data });
    });
  }

  for (const author of therapists) {
    const random = new SeededRandom(`${options.seed}/posts/${author.uid}`);
    const isDemo = author.uid === DEMO_THERAPIST;
    if (!isDemo && !random.chance(1 / 3)) continue;
    const entries = spread(random, base, isDemo ? DEMO_THERAPIST_POSTS : random.int(1, 10), POST_DAYS, MAX_POSTS_PER_DAY);
    withSlots(entries, MAX_POSTS_PER_DAY, (entry, slot) =>
      out.push({
        path: `posts/${dailyDocId(author.uid, tokyoDayDigits(entry.at), slot)}`,
        data: postDoc(author.uid, postText(random, author, entry.at), entry.at),
      }),
    );
  }

  if (demoStore && perTherapist === undefined) out.push(...storeContent(options.seed, demoStore, base, pictures));
  return out;
}

function authorsOf(docs: readonly SeedDoc[]): { therapists: Author[]; demoStore: { uid: string; storeName: string; area: string } | null } {
  const storeNames = new Map<string, string>();
  const confirmed = new Set<string>();
  const accounts: Record<string, unknown>[] = [];
  const requested = new Map<string, string>();
  let demoStore: { uid: string; storeName: string; area: string } | null = null;
  for (const { path, data } of docs) {
    if (path.startsWith('accounts/')) accounts.push(data);
    else if (path.startsWith('storeRequests/') && typeof data.storeId === 'string') requested.set(data.userId as string, data.storeId);
    else if (path.startsWith('stores/')) {
      storeNames.set(data.userId as string, data.storeName as string);
      if (data.userId === DEMO_STORE && data.published)
        demoStore = { uid: DEMO_STORE, storeName: data.storeName as string, area: data.area as string };
    } else if (path.startsWith('memberships/') && data.status === 'confirmed')
      confirmed.add(`${data.storeId as string}_${data.userId as string}`);
  }
  const decorations = NAME_DECORATIONS.filter((d) => d !== '');
  const therapists = accounts.map((data): Author => {
    const displayName = data.displayName as string;
    const decoration = decorations.find((d) => displayName.endsWith(d) && displayName.length > d.length);
    const storeId = requested.get(data.userId as string);
    const store = storeId && confirmed.has(`${storeId}_${data.userId as string}`) ? storeNames.get(storeId) : undefined;
    return {
      uid: data.userId as string,
      name: decoration ? displayName.slice(0, -decoration.length) : displayName,
      area: data.area as string,
      place: store ?? `${data.area as string}のお店`,
      published: data.published === true,
    };
  });
  return { therapists, demoStore };
}

/** `count` times over the `days` days before `base`, at most `perDay` on any Tokyo day, oldest first. */
function spread(random: SeededRandom, base: number, count: number, days: number, perDay: number): Entry[] {
  const open = Array.from({ length: days }, (_, i) => i + 1);
  const used = new Map<number, number>();
  const entries: Entry[] = [];
  for (let n = 0; n < count && open.length > 0; n++) {
    const index = random.int(0, open.length - 1);
    const daysAgo = open[index]!;
    const taken = (used.get(daysAgo) ?? 0) + 1;
    used.set(daysAgo, taken);
    if (taken === perDay) open.splice(index, 1);
    const seconds = random.pick(WRITING_HOURS) * 3600 + random.int(0, 3599);
    // base is a Tokyo midnight and Tokyo has no daylight saving time: this stays inside that Tokyo day.
    entries.push({ at: new Date(base - daysAgo * DAY_MS + seconds * 1000) });
  }
  return entries;
}

/** Numbers each entry's slot in its Tokyo day in order of creation (as the editor takes the first free one), oldest first. */
function withSlots(entries: Entry[], perDay: number, each: (entry: Entry, slot: number) => void): void {
  const taken = new Map<string, number>();
  entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const entry of entries) {
    const day = tokyoDayDigits(entry.at);
    const slot = taken.get(day) ?? 0;
    if (slot >= perDay) throw new Error(`Seed: more than ${perDay} documents on ${day}.`);
    taken.set(day, slot + 1);
    each(entry, slot);
  }
}

/** A later edit of a few of them, still before the base. */
function editedAt(random: SeededRandom, at: Date, base: number): Date {
  if (!random.chance(0.2)) return at;
  return new Date(Math.min(at.getTime() + random.int(2, 240) * 60_000, base - 1000));
}

function postDoc(uid: string, text: string, at: Date): Record<string, unknown> {
  return { userId: uid, text, images: [], createdAt: at, updatedAt: at, hidden: false };
}

type Vars = Record<string, string>;
const fill = (template: string, vars: Vars) => template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);

const clock = (hour: number, minutes: number) => `${hour >= 24 ? `翌${hour - 24}` : hour}:${minutes === 0 ? '00' : minutes}`;

function varsFor(random: SeededRandom, author: Author, at: Date): Vars {
  const dateKey = tokyoDateKey(at);
  const [, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  const start = random.int(11, 20);
  const startMinutes = random.chance(0.3) ? 30 : 0;
  const [course, course2] = random.sample(diary.COURSES, 2) as [string, string];
  return {
    name: author.name,
    place: author.place,
    area: author.area,
    start: clock(start, startMinutes),
    end: clock(Math.min(start + random.int(5, 9), 29), 0),
    time: clock(start + random.int(2, 4), random.chance(0.5) ? 30 : 0),
    course,
    course2,
    minutes: String(random.pick(diary.MINUTES.slice(0, 4))),
    minutes2: String(random.pick(diary.MINUTES.slice(3))),
    month: String(month),
    day: String(day),
    weekday: WEEKDAYS[new Date(`${dateKey}T00:00:00Z`).getUTCDay()]!,
    food: random.pick(diary.FOODS),
    dish: random.pick(diary.DISHES),
    hobby: random.pick(diary.HOBBIES),
    aroma: random.pick(diary.AROMAS),
    colour: random.pick(diary.COLOURS),
    show: random.pick(diary.SHOWS),
  };
}

/** One diary: a title, a Markdown body of a few paragraphs (about 600–1,500 characters) and tags; and what it is about. */
function diaryDoc(random: SeededRandom, author: Author, entry: Entry, base: number): { data: Record<string, unknown>; theme: Theme } {
  const vars = varsFor(random, author, entry.at);
  const month = Number(vars.month) - 1;
  const theme: Theme = random.pick(THEMES);
  // Half of them put each sentence on its own line, as many diaries do (the renderer keeps single line breaks).
  const joiner = random.chance(0.5) ? '\n' : '';
  const paragraphs: string[] = [];
  const add = (sentences: readonly string[]) => paragraphs.push(sentences.map((s) => fill(s, vars)).join(joiner));
  const block = (markdown: string) => paragraphs.push(fill(markdown, vars));

  const hour = new Date(entry.at.getTime() + 9 * 3600_000).getUTCHours();
  const greetings =
    hour >= 5 && hour < 11 ? diary.GREETINGS.morning : hour >= 11 && hour < 18 ? diary.GREETINGS.day : diary.GREETINGS.night;
  add([random.pick(greetings), random.pick(diary.SELF_INTRODUCTIONS), ...(random.chance(0.6) ? [random.pick(diary.OPENINGS)] : [])]);

  let title: string;
  const tags = new Set<string>();
  switch (theme) {
    case 'shift': {
      title = random.pick(diary.SHIFT_TITLES);
      tags.add('出勤情報');
      if (random.chance(0.4)) {
        const day = tokyoDateKey(entry.at);
        const shifts = random
          .sample([0, 1, 2, 3, 4, 5, 6], random.int(2, 4))
          .sort((a, b) => a - b)
          .map((offset) => {
            const date = addDays(day, offset);
            const [, m, d] = date.split('-').map(Number);
            const start = random.int(11, 20);
            return `- ${m}/${d}(${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]}) ${clock(start, 0)}〜${clock(Math.min(start + random.int(5, 9), 29), 0)}`;
          });
        add([random.pick(diary.SHIFT_LIST_INTROS)]);
        block(shifts.join('\n'));
      } else add(random.sample(diary.SHIFT_LINES, random.int(2, 4)));
      if (random.chance(0.3)) block(random.pick(diary.SHIFT_BOLD));
      break;
    }
    case 'course': {
      title = random.pick(diary.COURSE_TITLES);
      tags.add('おすすめコース');
      if (random.chance(0.6)) block(random.pick(diary.COURSE_HEADINGS));
      add(random.sample(diary.COURSE_LINES, random.int(2, 4)));
      if (random.chance(0.5)) {
        const descriptions = random.sample(diary.COURSE_DESCRIPTIONS, 2);
        block(`- {course}（{minutes}分）：${descriptions[0]}\n- {course2}（{minutes2}分）：${descriptions[1]}`);
      }
      if (random.chance(0.3)) block(random.pick(diary.COURSE_BOLD));
      break;
    }
    case 'thanks':
      title = random.pick(diary.THANKS_TITLES);
      tags.add('お礼');
      add(random.sample(diary.THANKS_LINES, random.int(2, 3)));
      break;
    case 'season':
      title = random.pick(diary.SEASONAL_TITLES[month]!);
      add(random.sample(diary.SEASONAL[month]!, random.int(2, 3)));
      break;
    case 'daily':
      title = random.pick(diary.DAILY_TITLES);
      tags.add('日常');
      break;
  }
  tags.add(diary.SEASON_TAGS[month]!);
  if (theme !== 'season' && random.chance(0.5)) add([random.pick(diary.SEASONAL[month]!)]);
  if (theme !== 'thanks' && random.chance(0.3)) add([random.pick(diary.THANKS_LINES)]);

  const closing = [random.pick(diary.CLOSINGS), ...(random.chance(0.6) ? [`\n${random.pick(diary.SIGNATURES)}`] : [])].map((s) =>
    fill(s, vars),
  );
  const target = random.int(600, 1500);
  const length = () => paragraphs.reduce((sum, p) => sum + p.length + 2, 0) + closing.join('').length;
  for (const paragraph of random.sample(diary.DAILY_PARAGRAPHS, 9)) {
    if (length() >= target) break;
    add(paragraph);
  }
  if (random.chance(0.06)) block(random.pick(diary.LINK_LINES));
  paragraphs.push(closing.join(''));

  if (random.chance(0.4)) tags.add('写メ日記');
  if (random.chance(0.3)) tags.add(author.area);
  if (random.chance(0.2)) tags.add(random.pick(diary.EXTRA_TAGS));
  const published = !entry.draft;
  const data = {
    userId: author.uid,
    title: (entry.draft ? random.pick(diary.DRAFT_TITLES) : fill(title, vars)).slice(0, BLOG_TITLE_MAX),
    body: paragraphs.join('\n\n'),
    cover: null,
    images: [],
    tags: [...tags],
    published,
    publishAt: published ? entry.at : null,
    createdAt: entry.at,
    updatedAt: editedAt(random, entry.at, base),
    hidden: false,
  };
  return { data, theme };
}

/**
 * The diary with its pictures (scripts/seed/pictures/choose.ts), drawn from
 * a stream of its own so its text is the same with pictures or without.
 */
function withPictures(seed: string, id: string, data: Record<string, unknown>, theme: DiaryTheme, share?: number): SeedDoc {
  const path = `blogs/${id}`;
  const month = Number(tokyoDateKey(data.createdAt as Date).slice(5, 7)) - 1;
  const chosen = diaryPictures(
    new SeededRandom(`${seed}/pictures/${id}`),
    { uid: data.userId as string, id, body: data.body as string, theme, month },
    share,
  );
  if (!chosen) return { path, data };
  return { path, data: { ...data, images: chosen.images, cover: chosen.cover, body: chosen.body }, files: chosen.files };
}

/** A timeline post: one or two short lines, sometimes hashtags. */
function postText(random: SeededRandom, author: Author, at: Date): string {
  const vars = varsFor(random, author, at);
  const lines = random.sample(diary.POST_LINES, random.chance(0.35) ? 2 : 1).map((line) => fill(line, vars));
  if (random.chance(0.3))
    lines.push(
      random
        .sample(diary.POST_HASHTAGS, random.int(1, 2))
        .map((tag) => fill(tag, vars))
        .join(' '),
    );
  return lines.join('\n');
}

/** The demo store's own diaries and posts (default demo only). */
function storeContent(seed: string, store: { uid: string; storeName: string; area: string }, base: number, pictures: boolean): SeedDoc[] {
  const random = new SeededRandom(`${seed}/store/${store.uid}`);
  const vars: Vars = { store: store.storeName, area: store.area, minutes: '90', course: 'アロマオイルトリートメント' };
  const docs: SeedDoc[] = [];
  const blogs = diary.STORE_BLOGS.map((_, index) => ({
    at: new Date(base - (45 - index * 18) * DAY_MS + (12 * 3600 + random.int(0, 3599)) * 1000),
    index,
  }));
  withSlots(blogs, MAX_BLOGS_PER_DAY, (entry, slot) => {
    const blog = diary.STORE_BLOGS[entry.index!]!;
    const id = dailyDocId(store.uid, tokyoDayDigits(entry.at), slot);
    const data = {
      userId: store.uid,
      title: blog.title,
      body: blog.paragraphs.map((p) => fill(p, vars)).join('\n\n'),
      cover: null,
      images: [],
      tags: [...blog.tags, store.area],
      published: true,
      publishAt: entry.at,
      createdAt: entry.at,
      updatedAt: entry.at,
      hidden: false,
    };
    // The store's news always shows the salon.
    docs.push(pictures ? withPictures(seed, id, data, 'store', 1) : { path: `blogs/${id}`, data });
  });
  const posts = diary.STORE_POSTS.map((_, index) => ({
    at: new Date(base - (25 - index * 7) * DAY_MS + (11 * 3600 + random.int(0, 3599)) * 1000),
    index,
  }));
  withSlots(posts, MAX_POSTS_PER_DAY, (entry, slot) =>
    docs.push({
      path: `posts/${dailyDocId(store.uid, tokyoDayDigits(entry.at), slot)}`,
      data: postDoc(store.uid, fill(diary.STORE_POSTS[entry.index!]!, vars), entry.at),
    }),
  );
  return docs;
}
