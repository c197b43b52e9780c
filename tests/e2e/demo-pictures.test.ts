/**
 * The demo's drawn pictures on the built site (scripts/seed/pictures/): the
 * seed put them in the Storage emulator, the export pointed the pages at
 * it, and every one of them loads in Chromium, also on pages that ask for
 * many at once (scripts/emulators/storage-rules-lines.mjs).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorHost } from '../../scripts/lib/project';
import { blogPath, profilePath, storePath } from '../../src/lib/routes';
import type { PublicBlog } from '../../src/schema/public';
import { E2E_EXPORT_DIR } from './built-site';
import { useSiteSession } from './site-session';

const STORAGE_ORIGIN = `http://${emulatorHost('storage')}/`;
const site = useSiteSession();
let page: Page;
beforeEach(async () => {
  page = await site.newPage();
});

/** The pictures a page shows from Storage, once lazy ones had their turn: src, and pixel width (0 when it failed). */
async function storagePictures(route: string): Promise<{ src: string; width: number }[]> {
  await page.goto(route);
  // Lazy pictures load as they come near the viewport.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  const pictures = () =>
    page.evaluate(
      (origin) =>
        [...document.images]
          .filter((image) => image.src.startsWith(origin))
          .map((image) => ({ src: image.src, complete: image.complete, width: image.naturalWidth })),
      STORAGE_ORIGIN,
    );
  await expect.poll(async () => (await pictures()).every((picture) => picture.complete)).toBe(true);
  return (await pictures()).map(({ src, width }) => ({ src, width }));
}

describe('the demo’s pictures', () => {
  let blogs: PublicBlog[];
  let pictured: PublicBlog;
  let writer: string;
  beforeAll(async () => {
    const shards = await readdir(path.join(E2E_EXPORT_DIR, 'blogs'));
    const read = (file: string) => readFile(path.join(E2E_EXPORT_DIR, 'blogs', file), 'utf8');
    blogs = (await Promise.all(shards.map(async (file) => JSON.parse(await read(file)) as PublicBlog[]))).flat();
    blogs.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    pictured = blogs.find((blog) => blog.ownerKind === 'therapist' && Object.keys(blog.images).length >= 3)!;
    // A therapist whose newest diary has a cover: her profile's latest writing shows it.
    const newest = new Map<string, PublicBlog>();
    for (const blog of blogs) if (!newest.has(blog.userId)) newest.set(blog.userId, blog);
    const uid = [...newest.values()].find((blog) => blog.ownerKind === 'therapist' && blog.coverURL !== '')!.userId;
    const therapists = JSON.parse(await readFile(path.join(E2E_EXPORT_DIR, 'therapists.json'), 'utf8')) as {
      id: string;
      profileSlug: string;
    }[];
    writer = therapists.find((therapist) => therapist.id === uid)!.profileSlug;
  });

  it('answers many picture requests at once, as a page of diaries asks for them', async () => {
    // Forty at once: the rules runtime's answers then come several to a chunk, which firebase-tools alone would drop.
    const urls = blogs
      .filter((blog) => blog.coverURL !== '')
      .slice(0, 40)
      .map((blog) => blog.coverURL);
    const answers = await Promise.all(
      urls.map(async (url) => {
        const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
        return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
      }),
    );
    for (const answer of answers) expect(answer).toEqual({ status: 200, bytes: expect.any(Number) });
  });

  it('gives about two thirds of the diaries a cover', () => {
    const share = blogs.filter((blog) => blog.coverURL !== '').length / blogs.length;
    expect(share).toBeGreaterThan(0.55);
    expect(share).toBeLessThan(0.8);
  });

  it('shows the covers of the home page’s newest diaries, and every one loads', async () => {
    const pictures = await storagePictures('/');
    // 新着ブログ lists the four newest (src/pages/index.astro).
    expect(pictures.length).toBeGreaterThanOrEqual(blogs.slice(0, 4).filter((blog) => blog.coverURL !== '').length);
    for (const picture of pictures) expect(picture.width, picture.src).toBeGreaterThan(0);
  });

  it('shows many covers on /blogs at once, and every one loads', async () => {
    const pictures = await storagePictures('/blogs');
    expect(pictures.length).toBeGreaterThanOrEqual(8);
    for (const picture of pictures) expect(picture.width, picture.src).toBeGreaterThan(0);
  });

  it('shows a profile’s latest diaries with their covers', async () => {
    const pictures = await storagePictures(profilePath(writer));
    expect(pictures.length).toBeGreaterThanOrEqual(1);
    for (const picture of pictures) expect(picture.width, picture.src).toBeGreaterThan(0);
  });

  it('shows a diary’s cover and the pictures its body names, at the sizes the editor uploads', async () => {
    const pictures = await storagePictures(blogPath(pictured.id));
    const shown = new Set(pictures.map((picture) => picture.src));
    expect(shown.has(pictured.coverURL)).toBe(true);
    for (const url of Object.values(pictured.images)) expect(shown.has(url), url).toBe(true);
    for (const picture of pictures.filter((p) => p.src.includes('/o/blogs%2F'))) expect([1200, 1080]).toContain(picture.width);
  });

  it('shows a store’s photo at the avatar’s size, and every picture of its page loads', async () => {
    const pictures = await storagePictures(storePath('aroma-resort-shinjuku'));
    const photo = pictures.find((picture) => picture.src.includes('/o/avatars%2Fdemo-store%2F0.webp'));
    expect(photo?.width).toBe(512);
    for (const picture of pictures) expect(picture.width, picture.src).toBeGreaterThan(0);
  });
});
