import { describe, expect, it } from 'vitest';
import { VIEW_ARCHIVE_PAGES, blogAt, blogFeedPage, blogFeeds, changedBlogFeedPages, latestBy, timelinePages } from '../../src/data/blogs';
import { indexExport, type Directory } from '../../src/data/directory';
import { recordsOf } from '../../src/data/export-records';
import { authorShard, shardFileName } from '../../src/lib/export-shards';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type ExportRecords } from '../../src/registry/public-collections';
import type { PublicBlog } from '../../src/schema/public';
import { EXPORT_ROUTES } from '../../src/data/site-pages';
import { blogRecord, postRecord, publicExport } from '../factories/public-export';

const records = () => publicExport({ therapists: 40 });

describe('a blog page', () => {
  it('links her older and newer blogs, and only hers', () => {
    const site = indexExport(records());
    const her = site.therapists[3]!;
    const at = blogAt(site, blogRecord(her, 1).id)!;
    expect(at.author).toMatchObject({ name: her.displayName, href: `/profile/${her.profileSlug}`, kind: 'therapist' });
    expect(at.previous?.id).toBe(blogRecord(her, 0).id);
    expect(at.next?.id).toBe(blogRecord(her, 2).id);
    expect(blogAt(site, blogRecord(her, 0).id)!.previous).toBeUndefined();
    expect(blogAt(site, blogRecord(her, 3).id)!.next).toBeUndefined();
  });

  it('has no page when its author is not public', () => {
    const data = records();
    data.blogs.push(blogRecord({ id: 'th-gone' }, 0));
    const site = indexExport(data);
    expect(blogAt(site, blogRecord({ id: 'th-gone' }, 0).id)).toBeUndefined();
    expect(EXPORT_ROUTES['/blog/[id]'](site)).not.toContainEqual({ id: blogRecord({ id: 'th-gone' }, 0).id });
    expect(EXPORT_ROUTES['/blog/[id]'](site)).toHaveLength(36);
  });
});

describe('the feeds', () => {
  it('pages from the oldest, the top page continuing where the archive has the next older blog', () => {
    const site = indexExport(records());
    const [all] = blogFeeds(site).views;
    expect(all!.filter).toBeNull();
    expect(all!.pages.map((page) => page.url)).toEqual(['/blogs', '/blogs/page/1', '/blogs/page/2']);
    const [top, oldest, newest] = all!.pages;
    expect(top!.items).toHaveLength(20);
    expect(top!.older).toBe('/blogs/page/1');
    expect(oldest!.items).toHaveLength(20);
    expect(oldest!.newer).toBe('/blogs/page/2');
    expect(newest!.items).toHaveLength(16);
    expect(newest!.newer).toBe('/blogs');
    // Newest first on every page.
    for (const page of all!.pages)
      expect(page.items.map((blog) => blog.publishedAt)).toEqual([...page.items.map((blog) => blog.publishedAt)].sort().reverse());
  });

  it('has a view per area with blogs and per tag that can have a page, never one for a path-shaped tag', () => {
    const data = records();
    data.blogs.push(blogRecord(data.therapists[0]!, 9, { tags: ['../../admin', 'ＳＰＡ'] }));
    const feeds = blogFeeds(indexExport(data));
    const filters = feeds.views.map((view) => view.filter);
    expect(filters).toContainEqual({ tag: 'spa' });
    expect(filters).toContainEqual({ tag: '日記' });
    expect(filters.some((filter) => filter && 'tag' in filter && filter.tag.includes('/'))).toBe(false);
    expect(feeds.areas).toEqual(['渋谷']);
    expect(feeds.topTags[0]).toEqual({ tag: '日記', count: expect.any(Number) });
  });

  it('a store page gathers its own and its therapists’ latest, newest first', () => {
    const data = records();
    const site = indexExport(data);
    const store = site.stores[0]!;
    const ids = [store.id, ...(site.therapistsByStore.get(store.id) ?? []).map((t) => t.id)];
    const { blogs } = latestBy(site, ids, 3);
    expect(blogs.length).toBeGreaterThan(0);
    expect(blogs.every((blog) => ids.includes(blog.userId))).toBe(true);
    expect(blogs.map((blog) => blog.publishedAt)).toEqual([...blogs.map((blog) => blog.publishedAt)].sort().reverse());
  });

  describe('an area or tag view past its newest archive pages (VIEW_ARCHIVE_PAGES)', () => {
    /** Her diaries, one a day, all tagged #秋: the view's archive runs past the pages it keeps. */
    const autumn = (data: ReturnType<typeof records>, count: number) => {
      const her = data.therapists[5]!;
      for (let n = 100; n < 100 + count; n++) data.blogs.push(blogRecord(her, n, { tags: ['秋'] }));
      return data;
    };
    const archive = (count: number) => Math.ceil(count / 20);
    const count = (VIEW_ARCHIVE_PAGES + 3) * 20 + 7;

    it('keeps its top page and its newest archive pages; /blogs keeps every page; the oldest kept says where the others are', () => {
      const site = indexExport(autumn(records(), count));
      const view = blogFeeds(site).byFilter.get(JSON.stringify({ tag: '秋' }))!;
      const last = archive(count);
      const first = last - VIEW_ARCHIVE_PAGES + 1;
      expect(view.pages.map((page) => page.page)).toEqual([0, ...Array.from({ length: VIEW_ARCHIVE_PAGES }, (_, i) => first + i)]);
      expect(EXPORT_ROUTES['/blogs/tag/[tag]/[...page]'](site).filter(({ tag }) => tag === '秋')).toHaveLength(VIEW_ARCHIVE_PAGES + 1);
      const oldest = blogFeedPage(site, { tag: '秋' }, first)!;
      expect(oldest.older).toBeUndefined();
      expect(oldest.olderElsewhere).toBe(true);
      expect(blogFeedPage(site, { tag: '秋' }, first + 1)!.older).toBe(oldest.url);
      expect(blogFeedPage(site, { tag: '秋' }, first + 1)!.olderElsewhere).toBeUndefined();
      expect(blogFeedPage(site, { tag: '秋' }, 0)!.older).toBe(`/blogs/tag/秋/page/${last - 1}`);
      for (const gone of [1, first - 1, last + 1]) expect(blogFeedPage(site, { tag: '秋' }, gone)).toBeUndefined();
      // Every diary is still on /blogs, page by page from the oldest.
      const all = blogFeeds(site).views[0]!.pages;
      expect(all.slice(1).map((page) => page.page)).toEqual(Array.from({ length: all.length - 1 }, (_, i) => i + 1));
      expect(all.slice(1).flatMap((page) => page.items)).toHaveLength(site.blogs.length);
      expect(blogFeedPage(site, null, 1)!.olderElsewhere).toBeUndefined();
    });

    it('a view at its bound keeps every page, with no note', () => {
      const site = indexExport(autumn(records(), VIEW_ARCHIVE_PAGES * 20));
      const view = blogFeeds(site).byFilter.get(JSON.stringify({ tag: '秋' }))!;
      expect(view.pages.map((page) => page.page)).toEqual(Array.from({ length: VIEW_ARCHIVE_PAGES + 1 }, (_, i) => i));
      expect(view.pages.some((page) => page.olderElsewhere)).toBe(false);
    });

    it('a new archive page retires the oldest kept one, and the next oldest changes: what a fresh index makes', () => {
      const data = autumn(records(), VIEW_ARCHIVE_PAGES * 20 + 20);
      const before = indexExport(data);
      blogFeeds(before);
      const her = data.therapists[5]!;
      const added = { ...data, blogs: [...data.blogs, blogRecord(her, 5_000, { tags: ['秋'] })] };
      const after = indexExport(added, before);
      const urls = (site: Directory) => EXPORT_ROUTES['/blogs/tag/[tag]/[...page]'](site).filter(({ tag }) => tag === '秋');
      expect(urls(before)).toContainEqual({ tag: '秋', page: 'page/2' });
      expect(urls(after)).not.toContainEqual({ tag: '秋', page: 'page/2' });
      expect(urls(after)).toContainEqual({ tag: '秋', page: `page/${VIEW_ARCHIVE_PAGES + 2}` });
      const changed = changedBlogFeedPages(before, after);
      expect(changed).toContain('/blogs/tag/秋/page/3');
      expect(changed).toContain(`/blogs/tag/秋/page/${VIEW_ARCHIVE_PAGES + 2}`);
      expect(changed).not.toContain('/blogs/tag/秋/page/4');
      expect(blogFeeds(after)).toEqual(blogFeeds(indexExport(added)));
    });
  });

  it('/timeline lists posts newest first', () => {
    const data = records();
    data.posts.push(postRecord(data.therapists[1]!, 99));
    const [top] = timelinePages(indexExport(data));
    expect(top!.items[0]!.id).toBe(postRecord(data.therapists[1]!, 99).id);
  });
});

describe('carried from the export before (indexExport with the previous directory)', () => {
  const feedsOf = (site: Directory) => ({ blogs: blogFeeds(site), timeline: timelinePages(site) });
  /** The records with her profile changed; `her` has diaries and posts in the factory's export. */
  const editHer = (data: ReturnType<typeof records>, change: Record<string, unknown> | null) => {
    const her = data.therapists[3]!;
    const therapists = change
      ? data.therapists.map((t) => (t === her ? { ...t, ...change } : t))
      : data.therapists.filter((t) => t !== her);
    return { ...data, therapists };
  };

  it('keeps the groupings and the feeds of a profile edit that moves no diary, without making them again', () => {
    const data = records();
    data.posts.push(postRecord(data.therapists[3]!, 7));
    const before = indexExport(data);
    const was = feedsOf(before);
    const edited = editHer(data, { bio: '自己紹介を書き直しました' });
    const after = indexExport(edited, before);
    expect(after.blogsByAuthor).toBe(before.blogsByAuthor);
    expect(after.postsByAuthor).toBe(before.postsByAuthor);
    expect(blogFeeds(after)).toBe(was.blogs);
    expect(timelinePages(after)).toBe(was.timeline);
    expect(blogAt(after, blogRecord(data.therapists[3]!, 1).id)?.blog).toBe(blogAt(before, blogRecord(data.therapists[3]!, 1).id)?.blog);
    // And they are what a fresh index makes.
    expect(feedsOf(after)).toEqual(feedsOf(indexExport(edited)));
  });

  it('makes them again when an author moves to another area or leaves the site, as a fresh index would', () => {
    const data = records();
    const before = indexExport(data);
    const was = feedsOf(before);
    for (const edited of [editHer(data, { area: '池袋' }), editHer(data, null)]) {
      const after = indexExport(edited, before);
      expect(blogFeeds(after)).not.toBe(was.blogs);
      expect(feedsOf(after)).toEqual(feedsOf(indexExport(edited)));
    }
    const gone = indexExport(editHer(data, null), before);
    expect(
      blogFeeds(gone)
        .views[0]!.pages.flatMap((page) => page.items)
        .some((blog) => blog.userId === data.therapists[3]!.id),
    ).toBe(false);
  });

  it('merges new, edited and removed diaries and authors leaving and coming back into the order a fresh index makes', () => {
    const data = records();
    const [her, other] = [data.therapists[3]!, data.therapists[4]!];
    const steps = [
      // She leaves the site.
      { ...data, therapists: data.therapists.filter((t) => t !== her) },
      // She is back; another writes a new diary, edits one (a new publishedAt) and deletes another.
      {
        ...data,
        blogs: [
          ...data.blogs
            .filter((blog) => blog.id !== blogRecord(other, 0).id)
            .map((blog) => (blog.id === blogRecord(other, 1).id ? { ...blog, publishedAt: '2026-11-30T00:00:00.000Z' } : blog)),
          blogRecord(other, 8),
        ],
      },
    ];
    let previous = indexExport(data);
    blogFeeds(previous);
    for (const step of steps) {
      const site = indexExport(step, previous);
      expect(feedsOf(site)).toEqual(feedsOf(indexExport(step)));
      previous = site;
    }
  });

  it('groups again when a diary is added, and finds it', () => {
    const data = records();
    const before = indexExport(data);
    blogFeeds(before);
    const added = { ...data, blogs: [...data.blogs, blogRecord(data.therapists[3]!, 9)] };
    const after = indexExport(added, before);
    expect(after.blogsByAuthor).not.toBe(before.blogsByAuthor);
    expect(blogAt(after, blogRecord(data.therapists[3]!, 9).id)).toBeDefined();
    expect(feedsOf(after)).toEqual(feedsOf(indexExport(added)));
  });

  describe('read from shard files, as the build and the renderer read them', () => {
    /** The export as recordsOf joins it from files: the diaries by author shard, a shard's array kept while it is not rewritten. */
    const fromFiles = (data: ExportRecords, shards: Map<string, PublicBlog[]>) =>
      recordsOf([
        ...PUBLIC_COLLECTION_NAMES.filter((name) => name !== 'blogs').map((name) => ({
          name,
          file: PUBLIC_COLLECTIONS[name].file,
          records: data[name] as unknown[],
        })),
        ...[...shards]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([shard, records]) => ({ name: 'blogs' as const, file: shardFileName(shard), records })),
      ]);
    const shardsOf = (blogs: readonly PublicBlog[]) => {
      const shards = new Map<string, PublicBlog[]>();
      for (const blog of blogs) shards.set(authorShard(blog.userId), [...(shards.get(authorShard(blog.userId)) ?? []), blog]);
      return shards;
    };
    /** The shards with the one of `uid` written again as `edit` makes it. */
    const rewrite = (shards: Map<string, PublicBlog[]>, uid: string, edit: (blogs: PublicBlog[]) => PublicBlog[]) =>
      new Map(shards).set(authorShard(uid), edit([...(shards.get(authorShard(uid)) ?? [])]));

    it('patches the lists a changed shard touches and carries the others, making what a fresh index makes', () => {
      const data = records();
      const [her, other] = [data.therapists[3]!, data.therapists[6]!];
      expect(authorShard(her.id)).not.toBe(authorShard(other.id));
      // A tag page only she has: carried while her shard does not change.
      data.blogs.push(blogRecord(other, 7, { tags: ['オイル'] }));
      let shards = shardsOf(data.blogs);
      let therapists = data.therapists;
      let previous = indexExport(fromFiles(data, shards));
      blogFeeds(previous);
      const steps: [string, () => void][] = [
        ['she writes a diary', () => (shards = rewrite(shards, her.id, (blogs) => [...blogs, blogRecord(her, 9, { tags: ['新人'] })]))],
        [
          'she edits one (another time)',
          () =>
            (shards = rewrite(shards, her.id, (blogs) =>
              blogs.map((blog) => (blog.id === blogRecord(her, 1).id ? { ...blog, publishedAt: '2026-12-01T00:00:00.000Z' } : blog)),
            )),
        ],
        [
          'another deletes one',
          () => (shards = rewrite(shards, other.id, (blogs) => blogs.filter((blog) => blog.id !== blogRecord(other, 0).id))),
        ],
        ['she moves to another area', () => (therapists = therapists.map((t) => (t.id === her.id ? { ...t, area: '池袋' } : t)))],
        ['she leaves the site', () => (therapists = therapists.filter((t) => t.id !== her.id))],
        ['she is back', () => (therapists = data.therapists)],
      ];
      for (const [step, apply] of steps) {
        const wasFeeds = blogFeeds(previous);
        apply();
        const now = fromFiles({ ...data, therapists }, shards);
        const site = indexExport(now, previous);
        const fresh = indexExport({ ...now });
        expect(feedsOf(site), step).toEqual(feedsOf(fresh));
        expect(site.blogsByAuthor, step).toEqual(fresh.blogsByAuthor);
        for (const blog of now.blogs) expect(blogAt(site, blog.id)?.blog, step).toBe(blogAt(fresh, blog.id)?.blog);
        // Made again only where the change reaches: the tag page of the other author's diary is carried until her shard changes.
        const oil = (feeds: ReturnType<typeof blogFeeds>) => feeds.byFilter.get(JSON.stringify({ tag: 'オイル' }));
        if (step === 'another deletes one') expect(oil(blogFeeds(site)), step).not.toBe(oil(wasFeeds));
        else expect(oil(blogFeeds(site)), step).toBe(oil(wasFeeds));
        previous = site;
      }
      expect(blogAt(previous, blogRecord(her, 9).id)?.blog.tags).toEqual(['新人']);
    });
  });
});
