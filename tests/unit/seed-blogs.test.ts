import { describe, expect, it } from 'vitest';
import { BLOG_DAYS, MAX_BLOGS_PER_THERAPIST, POST_DAYS } from '../../scripts/seed/blogs';
import { generateSeed } from '../../scripts/seed/generate';
import type { SeedDoc } from '../../scripts/seed/seed-doc';
import { toFirestoreValues } from '../../scripts/seed/write';
import { parseDailyDocId, tokyoDayDigits } from '../../src/lib/daily-id';
import { tokyoInstant } from '../../src/lib/tokyo-date';
import { blogDoc, MAX_BLOGS_PER_DAY } from '../../src/schema/blogs';
import { MAX_POSTS_PER_DAY, postDoc } from '../../src/schema/posts';

const today = '2026-11-22';
const base = tokyoInstant(today, '00:00').getTime();
const DAY_MS = 86_400_000;
const inCollection = (docs: readonly SeedDoc[], name: string) => docs.filter((d) => d.path.startsWith(`${name}/`));
const withoutContent = (docs: readonly SeedDoc[]) => docs.filter((d) => !/^(blogs|posts)\//.test(d.path));
const publishedTherapists = (docs: readonly SeedDoc[]) =>
  inCollection(docs, 'accounts')
    .filter((d) => d.data.published)
    .map((d) => d.data.userId as string);
const authors = (docs: readonly SeedDoc[]) => new Set(docs.map((d) => d.data.userId as string));
/** A body without its picture references (they are paragraphs of their own). */
const withoutPictures = (body: string) =>
  body
    .split('\n\n')
    .filter((part) => !/^!\[[^\]]*\]\(image:\d\)$/.test(part))
    .join('\n\n');
const countBy = (docs: readonly SeedDoc[], key: (d: SeedDoc) => string) => {
  const counts = new Map<string, number>();
  for (const d of docs) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
  return counts;
};

/** Ids {uid}_{yyyymmdd}_{slot}: the Tokyo day of createdAt, a slot under the cap, unique, at most `cap` a day. */
function expectDailyIds(docs: readonly SeedDoc[], collection: string, cap: number) {
  for (const { path, data } of docs) {
    const id = path.slice(collection.length + 1);
    const parsed = parseDailyDocId(id, data.userId as string, cap);
    expect(parsed, path).not.toBeNull();
    expect(parsed!.day, path).toBe(tokyoDayDigits(data.createdAt as Date));
  }
  expect(new Set(docs.map((d) => d.path)).size).toBe(docs.length);
  const perDay = countBy(docs, (d) => d.path.replace(/_\d+$/, ''));
  expect(Math.max(...perDay.values())).toBeLessThanOrEqual(cap);
}

function expectSchemas(docs: readonly SeedDoc[]) {
  for (const { path, data } of docs) {
    const schema = path.startsWith('blogs/') ? blogDoc : postDoc;
    const result = schema.safeParse(toFirestoreValues(data));
    expect(result.success, `${path}: ${result.error?.message}`).toBe(true);
  }
}

describe('seeded blogs and timeline posts (demo)', () => {
  const docs = generateSeed({ therapists: 200, today });
  const blogs = inCollection(docs, 'blogs');
  const posts = inCollection(docs, 'posts');

  it('leaves every other collection as it was', () => {
    const counts = Object.fromEntries(
      countBy(withoutContent(docs), (d) =>
        d.path
          .split('/')
          .filter((_, i) => i % 2 === 0)
          .join('/'),
      ),
    );
    // The counts of the collections seeded before the diaries (one seeded later adds its own).
    expect(counts).toMatchObject({
      slugs: 231,
      stores: 30,
      frozenAccounts: 140,
      'users/handleSlots': 140,
      currentHandles: 219,
      accounts: 200,
      storeRequests: 139,
      memberships: 132,
      schedules: 1073,
      disputes: 2,
      storeVerifications: 22,
      slugHolds: 1,
      users: 3,
      'users/fcmTokens': 1,
      'favorites/items': 2,
      reports: 1,
      announcements: 2,
    });
    // They come last, and the rest does not depend on them.
    expect(docs.slice(0, withoutContent(docs).length)).toEqual(withoutContent(docs));
    expect(withoutContent(generateSeed({ therapists: 200, today, blogsPerTherapist: 5 }))).toEqual(withoutContent(docs));
  });

  it('passes the blogs and posts schemas', () => {
    expect(blogs.length).toBeGreaterThan(300);
    expect(posts.length).toBeGreaterThan(100);
    expectSchemas([...blogs, ...posts]);
  });

  it('keys them {uid}_{yyyymmdd}_{slot} by the Tokyo day of creation, under the daily caps', () => {
    expectDailyIds(blogs, 'blogs', MAX_BLOGS_PER_DAY);
    expectDailyIds(posts, 'posts', MAX_POSTS_PER_DAY);
  });

  it('has no time at or after the seed’s base, diaries over 60 days and posts over 30', () => {
    for (const { path, data } of [...blogs, ...posts]) {
      const created = (data.createdAt as Date).getTime();
      const window = path.startsWith('blogs/') ? BLOG_DAYS : POST_DAYS;
      expect(created, path).toBeLessThan(base);
      expect(created, path).toBeGreaterThanOrEqual(base - window * DAY_MS);
      expect((data.updatedAt as Date).getTime(), path).toBeGreaterThanOrEqual(created);
      expect((data.updatedAt as Date).getTime(), path).toBeLessThan(base);
      if (data.publishAt) expect(data.publishAt).toEqual(data.createdAt);
    }
    expect(Math.min(...blogs.map((d) => (d.data.createdAt as Date).getTime()))).toBeLessThan(base - 45 * DAY_MS);
  });

  it('gives about a third of the published therapists 1–20 diaries, and none to an unpublished one', () => {
    const published = publishedTherapists(docs);
    const therapistBlogs = blogs.filter((d) => d.data.userId !== 'demo-store' && d.data.published);
    const writers = authors(therapistBlogs);
    expect(writers.size / published.length).toBeGreaterThan(0.25);
    expect(writers.size / published.length).toBeLessThan(0.45);
    for (const uid of writers) expect(published).toContain(uid);
    const perWriter = [...countBy(therapistBlogs, (d) => d.data.userId as string).values()];
    expect(Math.min(...perWriter)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perWriter)).toBeLessThanOrEqual(20);
    expect(new Set(perWriter).size).toBeGreaterThan(5);
  });

  it('gives about a third of the therapists 1–10 short posts', () => {
    const therapistPosts = posts.filter((d) => d.data.userId !== 'demo-store');
    expect(authors(therapistPosts).size / 200).toBeGreaterThan(0.25);
    expect(authors(therapistPosts).size / 200).toBeLessThan(0.45);
    expect(Math.max(...countBy(therapistPosts, (d) => d.data.userId as string).values())).toBeLessThanOrEqual(10);
    for (const { data } of posts) expect((data.text as string).length).toBeLessThanOrEqual(500);
  });

  it('gives the demo therapist published diaries, one draft and posts, and the demo store its news', () => {
    const hers = blogs.filter((d) => d.data.userId === 'demo-therapist');
    expect(hers.filter((d) => d.data.published).length).toBeGreaterThanOrEqual(5);
    const drafts = blogs.filter((d) => !d.data.published);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.data).toMatchObject({ userId: 'demo-therapist', publishAt: null });
    expect(posts.some((d) => d.data.userId === 'demo-therapist')).toBe(true);
    expect(blogs.some((d) => d.data.userId === 'demo-store')).toBe(true);
    expect(posts.some((d) => d.data.userId === 'demo-store')).toBe(true);
  });

  it('writes Markdown diaries of a few paragraphs, without foreign links or pictures other than their own', () => {
    const bodies = blogs.filter((d) => d.data.userId !== 'demo-store').map((d) => withoutPictures(d.data.body as string));
    for (const body of bodies) {
      expect(body.length).toBeGreaterThanOrEqual(500);
      expect(body.length).toBeLessThanOrEqual(1600);
      expect(body.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(body).not.toMatch(/\{\w+\}/);
    }
    expect(bodies.some((b) => /^## /m.test(b))).toBe(true);
    expect(bodies.some((b) => /^- /m.test(b))).toBe(true);
    expect(bodies.some((b) => /\*\*[^*]+\*\*/.test(b))).toBe(true);
    const text = [
      ...blogs.map((d) => `${d.data.title as string}\n${d.data.body as string}`),
      ...posts.map((d) => d.data.text as string),
    ].join('\n');
    for (const url of text.match(/https?:\/\/[^\s)]+/g) ?? []) expect(url).toMatch(/^https:\/\/example\.com\//);
    // Pictures only as the diary's own slots (the describe below), never as a URL.
    expect(text).not.toMatch(/!\[[^\]]*\]\((?!image:\d\))/);
    for (const { data } of blogs) {
      expect(data).toMatchObject({ hidden: false });
      expect((data.tags as string[]).length).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(blogs.map((d) => d.data.title)).size).toBeGreaterThan(40);
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it('is deterministic, and a therapist’s diary does not depend on how many therapists there are', () => {
    const again = generateSeed({ therapists: 200, today });
    expect(inCollection(again, 'blogs')).toEqual(blogs);
    expect(inCollection(again, 'posts')).toEqual(posts);
    const small = generateSeed({ therapists: 40, today });
    const first40 = new Set(inCollection(small, 'accounts').map((d) => d.data.userId));
    const ofFirst40 = (list: SeedDoc[]) => list.filter((d) => first40.has(d.data.userId));
    expect(inCollection(small, 'blogs').filter((d) => d.data.userId !== 'demo-store')).toEqual(ofFirst40(blogs));
    expect(inCollection(small, 'posts').filter((d) => d.data.userId !== 'demo-store')).toEqual(ofFirst40(posts));
    expect(inCollection(generateSeed({ therapists: 200, today, seed: 'other' }), 'blogs')).not.toEqual(blogs);
  });
});

describe('seeded blogs at scale (blogsPerTherapist)', () => {
  const docs = generateSeed({ therapists: 500, today, blogsPerTherapist: 20 });
  const blogs = inCollection(docs, 'blogs');

  it('gives every published therapist exactly that many published diaries, and nobody else any', () => {
    const published = publishedTherapists(docs);
    expect(blogs).toHaveLength(published.length * 20);
    const perAuthor = countBy(blogs, (d) => d.data.userId as string);
    expect([...perAuthor.keys()].sort()).toEqual([...published].sort());
    expect(new Set(perAuthor.values())).toEqual(new Set([20]));
    expect(blogs.every((d) => d.data.published === true)).toBe(true);
    expectDailyIds(blogs, 'blogs', MAX_BLOGS_PER_DAY);
    expectSchemas([...blogs, ...inCollection(docs, 'posts')]);
    for (const { data } of blogs) {
      expect((data.createdAt as Date).getTime()).toBeLessThan(base);
      expect((data.createdAt as Date).getTime()).toBeGreaterThanOrEqual(base - BLOG_DAYS * DAY_MS);
    }
  });

  it('keeps everything else as the demo mix has it, posts included', () => {
    const demo = generateSeed({ therapists: 500, today });
    expect(withoutContent(docs)).toEqual(withoutContent(demo));
    expect(inCollection(docs, 'posts').filter((d) => d.data.userId !== 'demo-store')).toEqual(
      inCollection(demo, 'posts').filter((d) => d.data.userId !== 'demo-store'),
    );
  });

  it('is deterministic', () => {
    expect(inCollection(generateSeed({ therapists: 500, today, blogsPerTherapist: 20 }), 'blogs')).toEqual(blogs);
  });

  it('fills every day of the window at the most, ten a day', () => {
    const full = inCollection(generateSeed({ therapists: 12, today, blogsPerTherapist: MAX_BLOGS_PER_THERAPIST }), 'blogs');
    expectDailyIds(full, 'blogs', MAX_BLOGS_PER_DAY);
    const perDay = countBy(full, (d) => d.path.replace(/_\d+$/, ''));
    expect(new Set(perDay.values())).toEqual(new Set([MAX_BLOGS_PER_DAY]));
  });

  it('refuses a count it cannot place', () => {
    for (const bad of [-1, 1.5, MAX_BLOGS_PER_THERAPIST + 1]) {
      expect(() => generateSeed({ therapists: 5, today, blogsPerTherapist: bad })).toThrow(RangeError);
    }
    expect(inCollection(generateSeed({ therapists: 5, today, blogsPerTherapist: 0 }), 'blogs')).toEqual([]);
  });
});
