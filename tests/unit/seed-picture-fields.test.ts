import { describe, expect, it } from 'vitest';
import { generateSeed } from '../../scripts/seed/generate';
import type { SeedDoc } from '../../scripts/seed/seed-doc';
import { MOTIFS, pictureKey, seasonOfMonth } from '../../scripts/seed/pictures/motifs';
import { validateSeed } from '../../scripts/seed/write';
import { ownAvatarPath } from '../../src/lib/avatar/photo-path';
import { referencedSlots } from '../../src/lib/blogs/body-images';
import { contentImagePath } from '../../src/lib/photo-url';
import { tokyoDateKey } from '../../src/lib/tokyo-date';

const today = '2026-11-22';
const inCollection = (docs: readonly SeedDoc[], name: string) => docs.filter((d) => d.path.startsWith(`${name}/`));
const idOf = (doc: SeedDoc) => doc.path.split('/')[1]!;
const REFERENCE = /^!\[([^\]]*)\]\(image:(\d)\)$/;

/** A document as it would be without pictures: the fields and references they add taken out. */
function withoutPictures({ path, data }: SeedDoc): SeedDoc {
  if (path.startsWith('stores/')) return { path, data: { ...data, photo: '' } };
  if (!path.startsWith('blogs/')) return { path, data };
  const body = (data.body as string)
    .split('\n\n')
    .filter((part) => !REFERENCE.test(part))
    .join('\n\n');
  return { path, data: { ...data, body, images: [], cover: null } };
}

describe('seeded pictures (demo)', () => {
  const docs = generateSeed({ therapists: 200, today });
  const blogs = inCollection(docs, 'blogs');
  const stores = inCollection(docs, 'stores');
  const pictured = blogs.filter((d) => (d.data.images as number[]).length > 0);

  it('gives about two thirds of the therapists’ diaries 1–4 pictures, and every diary of the store', () => {
    const therapists = blogs.filter((d) => d.data.userId !== 'demo-store');
    const share = therapists.filter((d) => (d.data.images as number[]).length > 0).length / therapists.length;
    expect(share).toBeGreaterThan(0.58);
    expect(share).toBeLessThan(0.75);
    const counts = pictured.map((d) => (d.data.images as number[]).length);
    expect(new Set(counts)).toEqual(new Set([1, 2, 3, 4]));
    for (const d of blogs.filter((b) => b.data.userId === 'demo-store')) expect((d.data.images as number[]).length).toBeGreaterThan(0);
  });

  it('has a cover among the images, slots named once, and a body that names only its own slots (every one but the cover)', () => {
    for (const { path, data } of blogs) {
      const images = data.images as number[];
      expect(new Set(images).size, path).toBe(images.length);
      if (images.length === 0) {
        expect(data.cover, path).toBeNull();
        expect(referencedSlots(data.body as string), path).toEqual([]);
        continue;
      }
      expect(images, path).toContain(data.cover);
      const named = referencedSlots(data.body as string);
      for (const slot of named) expect(images, path).toContain(slot);
      expect([...named].sort(), path).toEqual(images.filter((slot) => slot !== data.cover));
      // Each reference is a paragraph of its own, with a description, never the first paragraph.
      const parts = (data.body as string).split('\n\n');
      expect(REFERENCE.test(parts[0]!), path).toBe(false);
      const references = parts.filter((part) => part.includes('](image:'));
      expect(references.length, path).toBe(named.length);
      for (const part of references) expect(REFERENCE.exec(part)?.[1], path).toBeTruthy();
    }
    // Some covers are not the first slot, and some diaries skip a slot (a picture removed).
    expect(pictured.some((d) => d.data.cover !== (d.data.images as number[])[0])).toBe(true);
    expect(pictured.some((d) => (d.data.images as number[]).some((slot, i) => slot !== i))).toBe(true);
  });

  it('lists one file per image, at the path the export turns into its URL', () => {
    for (const doc of blogs) {
      const images = doc.data.images as number[];
      const files = doc.files ?? [];
      expect(files.map((f) => f.path)).toEqual(images.map((slot) => contentImagePath('blogs', doc.data.userId as string, idOf(doc), slot)));
      for (const { picture } of files) {
        expect(picture.use).toBe('blog');
        expect(MOTIFS[picture.motif].variants[picture.variant]).toBeDefined();
        // The season's picture is the diary's season.
        const month = Number(tokyoDateKey(doc.data.createdAt as Date).slice(5, 7)) - 1;
        if (picture.motif === 'season') expect(picture.variant).toBe(seasonOfMonth(month));
      }
      expect(new Set(files.map((f) => f.picture.motif)).size).toBe(files.length);
    }
  });

  it('varies the pictures: most drawings are somebody’s cover', () => {
    const covers = new Set(
      pictured.map((d) => pictureKey(d.files!.find((f) => f.path.endsWith(`/${String(d.data.cover)}.webp`))!.picture)),
    );
    expect(covers.size).toBeGreaterThanOrEqual(20);
  });

  it('gives every store a photo of its front or rooms, at its first avatar name', () => {
    for (const { path, data, files } of stores) {
      expect(ownAvatarPath(data.photo as string, data.userId as string), path).toBe(`avatars/${data.userId as string}/0.webp`);
      expect(files).toEqual([{ path: data.photo, picture: expect.objectContaining({ use: 'store' }) }]);
      expect(['storefront', 'reception', 'room']).toContain(files![0]!.picture.motif);
    }
    expect(new Set(stores.map((d) => pictureKey(d.files![0]!.picture))).size).toBeGreaterThanOrEqual(4);
  });

  it('passes every collection’s schema', () => {
    expect(() => validateSeed(docs)).not.toThrow();
  });

  it('names no file for any other document', () => {
    for (const doc of docs) if (!/^(blogs|stores)\//.test(doc.path)) expect(doc.files, doc.path).toBeUndefined();
  });
});

describe('seeded pictures, turned off or at scale', () => {
  it('without pictures (no Storage emulator), names none and is otherwise the same seed', () => {
    const withPictures = generateSeed({ therapists: 60, today });
    const without = generateSeed({ therapists: 60, today, pictures: false });
    expect(without.every((d) => d.files === undefined)).toBe(true);
    for (const { data } of inCollection(without, 'stores')) expect(data.photo).toBe('');
    for (const { data } of inCollection(without, 'blogs')) expect(data).toMatchObject({ images: [], cover: null });
    expect(without).toEqual(withPictures.map(withoutPictures));
  });

  it('gives scale runs’ diaries no pictures (hundreds of thousands of uploads), stores still theirs', () => {
    const docs = generateSeed({ therapists: 100, today, blogsPerTherapist: 3 });
    for (const d of inCollection(docs, 'blogs')) expect(d.files).toBeUndefined();
    for (const d of inCollection(docs, 'stores')) expect(d.files).toHaveLength(1);
  });

  it('is deterministic', () => {
    const pictures = (docs: SeedDoc[]) =>
      docs.filter((d) => d.files).map((d) => [d.path, d.files, d.data.images, d.data.cover, d.data.photo]);
    expect(pictures(generateSeed({ therapists: 60, today }))).toEqual(pictures(generateSeed({ therapists: 60, today })));
    expect(pictures(generateSeed({ therapists: 60, today, seed: 'other' }))).not.toEqual(pictures(generateSeed({ therapists: 60, today })));
  });
});
