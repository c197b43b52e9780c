/**
 * Blogs and the timeline from the writer's browser to the public site, in
 * real Chromium against npm start's stack: the emulators (firestore.rules
 * enforced), the export → incremental build loop and the served folder it
 * swaps builds into (with the site's CSP: any violation fails the test).
 *
 * A published therapist writes and publishes a blog in /blog-editor and it
 * reaches /blog/{id}, /blogs, its tag page, her profile, the home page and
 * search; a scheduled blog stays off the site until its time, then appears
 * with no other write; a timeline post reaches /timeline and her profile;
 * a fan reports a blog, the operator hides it with the moderation script
 * and it leaves the site on the next cycle while its author sees why; the
 * XSS corpus published as blogs runs nothing on the static pages; and a
 * visitor who never signed in downloads no React and no Firebase.
 */
import { Timestamp } from 'firebase-admin/firestore';
import path from 'node:path';
import type { Page, Request, Response } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FRAMEWORK_CODE } from '../../scripts/bench/page-weight';
import { adminDb, emulatorBrowserAuth } from '../../scripts/lib/admin';
import { EMULATORS, ROOT } from '../../scripts/lib/project';
import { run } from '../../scripts/lib/run';
import { DEMO_PASSWORD } from '../../scripts/seed/generate';
import { tagPageKey } from '../../src/lib/blogs/tag-pages';
import { contentImagePath } from '../../src/lib/photo-url';
import { dailyDocId, tokyoDayDigits } from '../../src/lib/daily-id';
import { blogDoc } from '../../src/schema/blogs';
import { XSS_VECTORS } from '../fixtures/xss-vectors';
import { TEST_PROJECTS } from '../setup/projects';
import { createTherapist, signInThrough, type TestTherapist } from './account-helpers';
import { REBUILD_TIMEOUT_MS, useLiveSite } from './live-site';

const live = useLiveSite();
const TEST_TIMEOUT_MS = 2 * REBUILD_TIMEOUT_MS + 60_000;
const DAY_MS = 86_400_000;
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const WRITER: TestTherapist = {
  uid: `bp-${unique}`,
  email: `blog-publisher-${unique}@example.test`,
  name: 'ブログのさくら',
  verified: true,
  published: true,
  slug: `sakura-${unique}`,
  area: '渋谷',
};
/** Writes the hostile blogs: her profile and lists hold nothing else. */
const HOSTILE: TestTherapist = {
  uid: `bx-${unique}`,
  email: `blog-hostile-${unique}@example.test`,
  name: 'いたずら',
  verified: true,
  published: true,
};
const FAN = { uid: `bf-${unique}`, email: `blog-fan-${unique}@example.test`, name: '読者のたろう' };
const profilePath = `/profile/${WRITER.slug}`;

type BlogFields = Partial<Omit<ReturnType<typeof blogDoc.parse>, 'userId'>> & { title: string };

/** A blog as the editor stores it (checked against the schema the export applies), written with firebase-admin. */
function blogData(uid: string, fields: BlogFields) {
  const now = Timestamp.now();
  return blogDoc.parse({
    userId: uid,
    body: '',
    cover: null,
    images: [],
    tags: [],
    published: true,
    publishAt: now,
    createdAt: now,
    // The incremental export reads what changed since its last run.
    updatedAt: now,
    hidden: false,
    ...fields,
  });
}

/** A blog already public when the tests start: one to report and hide, one for the visitor. */
const REPORTED = {
  id: dailyDocId(WRITER.uid, tokyoDayDigits(), 8),
  title: `通報されるブログ ${unique}`,
  body: '怪しいリンクを貼っていたことにします。',
};
const READER = {
  id: dailyDocId(WRITER.uid, tokyoDayDigits(), 7),
  title: `誰でも読めるブログ ${unique}`,
  body: '## ご挨拶\n\nはじめまして。**よろしくお願いします。**',
};

/** Reference labels a body defines ([ref]: …): two vectors sharing one would shadow each other in one body. */
const labelsOf = (body: string) => [...body.matchAll(/^\[([^\]]+)\]:/gm)].map((match) => match[1]!.toLowerCase());
const PER_HOSTILE_BLOG = 10;
/** The corpus in bodies of PER_HOSTILE_BLOG vectors, never two defining the same reference label in one body. */
const hostileBodies: string[][] = [];
for (const { body } of XSS_VECTORS) {
  const labels = labelsOf(body);
  let group = hostileBodies.find(
    (vectors) => vectors.length < PER_HOSTILE_BLOG && !vectors.some((other) => labelsOf(other).some((label) => labels.includes(label))),
  );
  if (!group) hostileBodies.push((group = []));
  group.push(body);
}
/** Ten a day per author (the id's slot): spread over the days before today. */
const HOSTILE_BLOGS = hostileBodies.map((vectors, n) => {
  const at = new Date(Date.now() - (1 + Math.floor(n / 10)) * DAY_MS);
  return {
    id: dailyDocId(HOSTILE.uid, tokyoDayDigits(at), n % 10),
    at,
    // A hostile title too: it is rendered in the h1, <title>, the cards and the Open Graph tags.
    title: `XSS ${n + 1} ${vectors[0]!.replace(/\s+/g, ' ')}`.slice(0, 100),
    // A thematic break between vectors ends whatever block one of them opened.
    body: vectors.join('\n\n---\n\n'),
  };
});
const HOSTILE_TAG = 'xss検証';

beforeAll(async () => {
  const db = adminDb();
  await Promise.all([createTherapist(WRITER), createTherapist(HOSTILE)]);
  // A fan: an account with no profile.
  await emulatorBrowserAuth().createUser({
    uid: FAN.uid,
    email: FAN.email,
    password: DEMO_PASSWORD,
    emailVerified: true,
    displayName: FAN.name,
  });
  const batch = db.batch();
  batch.set(db.doc(`users/${FAN.uid}`), { createdAt: Timestamp.now() });
  for (const { id, title, body } of [REPORTED, READER]) batch.set(db.doc(`blogs/${id}`), blogData(WRITER.uid, { title, body }));
  for (const blog of HOSTILE_BLOGS) {
    const at = Timestamp.fromDate(blog.at);
    batch.set(
      db.doc(`blogs/${blog.id}`),
      blogData(HOSTILE.uid, { title: blog.title, body: blog.body, tags: [HOSTILE_TAG], publishAt: at, createdAt: at }),
    );
  }
  await batch.commit();
}, 60_000);

let page: Page;
beforeEach(async () => {
  page = await live.newPage();
  // A reload with unsaved text in the editor asks "leave?" (beforeunload).
  page.on('dialog', (dialog) => void dialog.accept());
});

const signInTo = (route: string, email: string) => signInThrough(page, live.url, route, email);

/** Waits until the served page of `route` (rebuilt in the background) contains `text`. */
const untilServed = (route: string, text: string, timeout = REBUILD_TIMEOUT_MS) =>
  expect.poll(() => live.html(route), { timeout, interval: 500 }).toContain(text);
const linkTo = (id: string) => `href="/blog/${id}"`;

describe('a blog written in the editor', () => {
  it(
    'previews, publishes, and then shows on /blog/{id}, /blogs, its tag page, her profile, the home page and in search',
    async () => {
      const word = `aromatherapy${unique}`;
      const title = `春の新作アロマ ${word}`;
      const tag = `アロマ${unique}`;
      const tagKey = tagPageKey(tag)!;
      const body = '## 今日のおすすめ\n\n**限定のアロマ**をご用意しました。\n\n詳しくは[お店のサイト](https://example.com/aroma)へ。';

      await signInTo('/blog-editor', WRITER.email);
      await page.getByTestId('blog-new').click();
      await page.getByTestId('blog-editor').waitFor();
      await page.getByLabel('タイトル').fill(title);
      await page.getByLabel('タグ').fill(`日記、${tag}`);
      await page.getByLabel('本文', { exact: true }).fill(body);

      // The preview renders what the page will: the heading under the h1, bold, a safe link.
      const preview = page.getByTestId('blog-preview-body');
      await preview.locator('h3', { hasText: '今日のおすすめ' }).waitFor();
      expect(await preview.locator('h2').count()).toBe(0);
      expect(await preview.locator('strong').textContent()).toBe('限定のアロマ');
      const previewLink = preview.getByRole('link', { name: 'お店のサイト' });
      expect(await previewLink.getAttribute('href')).toBe('https://example.com/aroma');
      expect(await previewLink.getAttribute('rel')).toBe('ugc nofollow noopener');

      await page.getByLabel('今すぐ公開').check();
      await page.getByTestId('blog-save').click();
      await page.getByTestId('blog-status').filter({ hasText: '公開しました' }).waitFor({ timeout: 30_000 });
      const id = new URL(page.url()).searchParams.get('edit') ?? '';
      expect(id).toMatch(new RegExp(`^${WRITER.uid}_${tokyoDayDigits()}_\\d$`));

      // The loop exports and builds it.
      await untilServed(`/blog/${id}`, title);
      await page.goto(`/blog/${id}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      const article = page.locator('.blog-body');
      expect(await article.locator('h3').textContent()).toBe('今日のおすすめ');
      expect(await article.locator('h1, h2').count()).toBe(0);
      expect(await article.locator('strong').textContent()).toBe('限定のアロマ');
      const link = article.getByRole('link', { name: 'お店のサイト' });
      expect(await link.getAttribute('href')).toBe('https://example.com/aroma');
      expect(await link.getAttribute('rel')).toBe('ugc nofollow noopener');
      const card = page.locator(`article header a[href="${profilePath}"]`);
      expect(await card.textContent()).toContain(WRITER.name);
      expect(
        await page
          .getByRole('list', { name: 'タグ' })
          .getByRole('link', { name: `#${tag}` })
          .getAttribute('href'),
      ).toBe(`/blogs/tag/${tagKey}`);

      // The same build re-rendered every list that shows it.
      await page.goto('/blogs');
      expect(await page.getByTestId('blog-card').first().getByRole('heading').getByRole('link').getAttribute('href')).toBe(`/blog/${id}`);
      await page.goto(`/blogs/tag/${encodeURIComponent(tagKey)}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`#${tagKey} のブログ`);
      expect(await page.getByTestId('blog-card').first().getByRole('heading').getByRole('link').getAttribute('href')).toBe(`/blog/${id}`);
      await page.goto(profilePath);
      const latest = page.locator('section[aria-labelledby="latest-blogs-heading"]');
      expect(await latest.locator('h2, h3').first().textContent()).toContain('最新のブログ');
      expect(await latest.getByTestId('blog-card').first().getByRole('heading').getByRole('link').getAttribute('href')).toBe(`/blog/${id}`);
      await page.goto('/');
      const newest = page.locator('section[aria-labelledby="blogs-heading"]');
      expect(await newest.locator(`a[href="/blog/${id}"]`).textContent()).toBe(title);

      // The full-text index follows the build (in the background): search until it has the page.
      const status = page.locator('[data-search-status]');
      await expect
        .poll(
          async () => {
            await page.goto(`/search?q=${word}`);
            await status.filter({ hasText: /件(以上)?見つかりました|見つかりませんでした/ }).waitFor();
            return page.getByTestId('search-result').locator(`a[href="/blog/${id}"]`).count();
          },
          { timeout: REBUILD_TIMEOUT_MS, interval: 1000 },
        )
        .toBe(1);
      expect(await page.getByTestId('search-result').count()).toBe(1);
      expect(await page.getByTestId('search-result').textContent()).toContain(title);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a blog written on a phone with the toolbar (360 px)', () => {
  /** A photo stand-in: a PNG drawn by the browser itself. */
  const png = async (at: Page) => {
    const dataUrl = await at.evaluate(() => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 800, height: 600 });
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#c0587e';
      context.fillRect(0, 0, 800, 600);
      return canvas.toDataURL('image/png');
    });
    return Buffer.from(dataUrl.split(',')[1]!, 'base64');
  };
  /** Selects `part` of the body as her finger would, for the next tool. */
  const selectInBody = (part: string, collapseToEnd = false) =>
    page.getByLabel('本文', { exact: true }).evaluate(
      (field: HTMLTextAreaElement, [wanted, toEnd]) => {
        const start = field.value.indexOf(wanted as string);
        if (start === -1) throw new Error(`not in the body: ${wanted}`);
        const end = start + (wanted as string).length;
        field.focus();
        field.setSelectionRange(toEnd ? end : start, end);
      },
      [part, collapseToEnd] as const,
    );

  it(
    'writes heading, bold, list, link and a picture at the cursor without typing Markdown, publishes, and the page shows them',
    async () => {
      const title = `スマホで写メ日記 ${unique}`;
      await page.setViewportSize({ width: 360, height: 740 });
      await signInTo('/blog-editor', WRITER.email);
      await page.getByTestId('blog-new').click();
      await page.getByTestId('blog-editor').waitFor();
      await page.getByLabel('タイトル').fill(title);
      const body = page.getByLabel('本文', { exact: true });
      const value = () => body.inputValue();

      // 写メ日記: the picture first (it becomes the cover), then the words.
      await page.getByTestId('blog-picture-input').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: await png(page) });
      await page.getByTestId('blog-picture').waitFor();

      // The toolbar: a labelled toolbar of 44 px buttons, one tab stop, arrows move along it.
      const toolbar = page.getByRole('toolbar', { name: '本文の書式' });
      const names = ['見出しにする', '太字にする', '箇条書きにする', 'リンクを入れる', '画像を入れる'];
      for (const name of names) {
        const box = await toolbar.getByRole('button', { name }).boundingBox();
        expect(box!.height, name).toBeGreaterThanOrEqual(44);
        expect(box!.width, name).toBeGreaterThanOrEqual(44);
      }
      await toolbar.getByRole('button', { name: '見出しにする' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('太字にする');
      expect(await toolbar.getByRole('button', { name: '見出しにする' }).getAttribute('tabindex')).toBe('-1');

      await body.fill('今日の予定');
      await selectInBody('今日の予定', true);
      await toolbar.getByRole('button', { name: '見出しにする' }).click();
      expect(await value()).toBe('## 今日の予定');
      // The cursor stayed in the body, at the end of her words: she types on.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.insertText('「限定のアロマ」をご用意しました。\n\nタオル\nオイル\n\n詳しくはお店のサイトへ');

      await selectInBody('「限定のアロマ」');
      await toolbar.getByRole('button', { name: '太字にする' }).click();
      await selectInBody('タオル\nオイル');
      await toolbar.getByRole('button', { name: '箇条書きにする' }).click();
      await selectInBody('お店のサイト');
      await toolbar.getByRole('button', { name: 'リンクを入れる' }).click();
      await page.getByLabel(/リンク先のアドレス/).fill('example.com/aroma');
      // An Enter that confirms an IME conversion leaves the address being typed.
      await page.getByLabel(/リンク先のアドレス/).dispatchEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true });
      expect(await page.getByLabel(/リンク先のアドレス/).count()).toBe(1);
      // Enter adds the link and does not save the blog.
      await page.getByLabel(/リンク先のアドレス/).press('Enter');
      expect(await page.getByTestId('blog-status').count()).toBe(0);

      // The picture goes where the cursor is: under the heading.
      await selectInBody('## 今日の予定', true);
      await toolbar.getByRole('button', { name: '画像を入れる' }).click();
      await page.getByRole('button', { name: '画像 0 をカーソルの位置に入れる' }).click();
      expect(await value()).toBe(
        '## 今日の予定\n\n![](image:0)\n\n「**限定のアロマ**」をご用意しました。\n\n- タオル\n- オイル\n\n詳しくは[お店のサイト](https://example.com/aroma)へ',
      );

      // Nothing wider than the phone; the toolbar stays in reach while she scrolls through the body.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await body.evaluate((field) => window.scrollTo(0, field.getBoundingClientRect().top + window.scrollY + 150));
      const stuck = await toolbar.boundingBox();
      expect(stuck!.y).toBeGreaterThanOrEqual(50);
      expect(stuck!.y).toBeLessThan(120);

      await page.getByLabel('今すぐ公開').check();
      await page.getByTestId('blog-save').click();
      await page.getByTestId('blog-status').filter({ hasText: '公開しました' }).waitFor({ timeout: 30_000 });
      const id = new URL(page.url()).searchParams.get('edit') ?? '';
      expect(id).toMatch(new RegExp(`^${WRITER.uid}_${tokyoDayDigits()}_\\d$`));

      await untilServed(`/blog/${id}`, title);
      await page.goto(`/blog/${id}`);
      const article = page.locator('.blog-body');
      expect(await article.locator('h3').textContent()).toBe('今日の予定');
      expect(await article.locator('strong').textContent()).toBe('限定のアロマ');
      expect(await article.locator('li').allTextContents()).toEqual(['タオル', 'オイル']);
      const link = article.getByRole('link', { name: 'お店のサイト' });
      expect(await link.getAttribute('href')).toBe('https://example.com/aroma');
      const picture = article.locator('img');
      expect(await picture.getAttribute('src')).toContain(encodeURIComponent(contentImagePath('blogs', WRITER.uid, id, 0)));
      expect(await picture.evaluate(async (image: HTMLImageElement) => (await image.decode(), image.naturalWidth))).toBeGreaterThan(0);
      // The picture sits under the heading, where the cursor was.
      expect(await article.locator('h3 + p img').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a scheduled blog (予約投稿)', () => {
  it(
    'stays off the site until its time, then appears with no other write',
    async () => {
      const title = `予約したブログ ${unique}`;
      const id = dailyDocId(WRITER.uid, tokyoDayDigits(), 9);
      const publishAt = Date.now() + 20_000;
      // Saved with a change that shows at once (her bio), to know when a cycle has read it.
      const witness = `予約のテスト ${unique}`;
      const db = adminDb();
      const batch = db.batch();
      batch.set(
        db.doc(`blogs/${id}`),
        blogData(WRITER.uid, { title, body: '予約投稿の本文です。', publishAt: Timestamp.fromMillis(publishAt) }),
      );
      batch.update(db.doc(`accounts/${WRITER.uid}`), { bio: witness, updatedAt: Timestamp.now() });
      await batch.commit();

      await untilServed(profilePath, witness);
      const seenBuiltAt = Date.now();
      expect(await live.html(`/blog/${id}`)).toBe('');
      expect(await live.html('/blogs')).not.toContain(linkTo(id));
      expect(await live.html(profilePath)).not.toContain(linkTo(id));
      // The cycle that read it finished before its time: what was just checked is that cycle's build.
      expect(seenBuiltAt).toBeLessThan(publishAt);

      // Nothing else is written: the loop's timer for the next scheduled blog publishes it.
      await untilServed(`/blog/${id}`, title, publishAt - Date.now() + REBUILD_TIMEOUT_MS);
      expect(Date.now()).toBeGreaterThanOrEqual(publishAt);
      await page.goto('/blogs');
      expect(await page.getByTestId('blog-card').first().getByRole('heading').getByRole('link').getAttribute('href')).toBe(`/blog/${id}`);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the timeline', () => {
  it(
    'shows a post from the composer on /timeline and on her profile after the cycle',
    async () => {
      const text = `今夜は21時から空いています ${unique}`;
      await signInTo('/timeline', WRITER.email);
      await page.getByTestId('timeline-composer').waitFor();
      await page.getByLabel('投稿する内容').fill(text);
      await page.getByTestId('post-submit').click();
      await page.getByText('投稿しました').waitFor({ timeout: 30_000 });

      await untilServed('/timeline', text);
      await page.goto('/timeline');
      const post = page.getByTestId('timeline-post').filter({ hasText: text });
      expect(await post.count()).toBe(1);
      expect(await post.locator(`a[href="${profilePath}"]`).textContent()).toContain(WRITER.name);
      expect(await page.getByTestId('timeline-post').first().textContent()).toContain(text);

      await page.goto(profilePath);
      const hers = page.locator('section[aria-labelledby="latest-posts-heading"]').getByTestId('timeline-post');
      expect(await hers.first().textContent()).toContain(text);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a reported blog', () => {
  it(
    'is reported by a fan, hidden by the operator, gone after the next cycle, and its author is told',
    async () => {
      await untilServed(`/blog/${REPORTED.id}`, REPORTED.title);
      expect(await live.html('/blogs')).toContain(linkTo(REPORTED.id));

      await signInTo(`/blog/${REPORTED.id}`, FAN.email);
      await page.getByRole('link', { name: 'この記事を運営に報告する' }).click();
      await page.waitForURL(/\/report\?/);
      // Named in words from its public data, not by its document id.
      await expect.poll(() => page.getByTestId('report-target').textContent()).toBe(`報告の対象：ブログ記事「${REPORTED.title}」`);
      const note = 'プロフィールと関係のない宣伝のリンクが貼られています。';
      await page.getByLabel('スパム').check();
      await page.getByLabel('詳しい内容（任意）').fill(note);
      await page.getByRole('button', { name: '報告を送る' }).click();
      await page.getByTestId('report-sent').waitFor();
      const reports = await adminDb().collection('reports').where('userId', '==', FAN.uid).get();
      expect(reports.docs.map((doc) => doc.data())).toMatchObject([
        { userId: FAN.uid, targetPath: `blogs/${REPORTED.id}`, reason: 'spam', text: note },
      ]);

      // The operator hides it with the moderation script, run as she would.
      const output = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/moderate.ts', 'hide', `blogs/${REPORTED.id}`], {
        env: { FIREBASE_PROJECT_ID: TEST_PROJECTS.live, MODERATOR: 'e2e' },
        quiet: true,
      });
      expect(output).toContain(`blogs/${REPORTED.id} を非公開にしました`);
      expect((await adminDb().doc(`blogs/${REPORTED.id}`).get()).get('hidden')).toBe(true);

      await expect.poll(() => live.html(`/blog/${REPORTED.id}`), { timeout: REBUILD_TIMEOUT_MS, interval: 500 }).toBe('');
      expect(await live.html('/blogs')).not.toContain(linkTo(REPORTED.id));
      expect(await live.html(profilePath)).not.toContain(linkTo(REPORTED.id));

      page = await live.newPage();
      await signInTo(`/blog-editor?edit=${REPORTED.id}`, WRITER.email);
      await page.getByTestId('blog-hidden-notice').filter({ hasText: 'この記事は運営により非公開になっています' }).waitFor();
      expect(await page.getByLabel('タイトル').inputValue()).toBe(REPORTED.title);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('hostile blogs on the static pages', () => {
  it(
    `run none of the ${XSS_VECTORS.length} XSS vectors published in ${HOSTILE_BLOGS.length} blogs`,
    async () => {
      expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(150);
      expect(HOSTILE_BLOGS.flatMap((blog) => blog.body.split('\n\n---\n\n')).length).toBe(XSS_VECTORS.length);
      const ran: string[] = [];
      const errors: string[] = [];
      await page.exposeFunction('__xssRan', (what: string) => void ran.push(`${page.url()}: ${what}`));
      page.removeAllListeners('dialog');
      page.on('dialog', (dialog) => {
        ran.push(`${page.url()}: ${dialog.type()} ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      // Before any page script, in every frame: each way the vectors announce themselves reports to the test.
      await page.addInitScript(() => {
        const w = window as unknown as Record<string, unknown>;
        for (const name of ['alert', 'confirm', 'prompt', 'print']) {
          w[name] = (...args: unknown[]) => void (w.__xssRan as (what: string) => void)(`${name}(${args.map(String).join(', ')})`);
        }
      });

      const last = HOSTILE_BLOGS.at(-1)!;
      await untilServed(`/blog/${last.id}`, 'blog-body');
      // The watch works: a call the test makes itself is reported.
      await page.goto(`/blog/${last.id}`);
      await page.evaluate(() => alert('probe'));
      await expect.poll(() => ran).toEqual([`${live.url}/blog/${last.id}: alert(probe)`]);
      ran.length = 0;
      /** Anything on the page that could run or leave it; the body gets a stricter look. */
      const inspect = () =>
        page.evaluate(() => {
          const found: string[] = [];
          for (const element of document.querySelectorAll('*')) {
            for (const attribute of element.attributes) {
              if (/^on/i.test(attribute.name)) found.push(`${element.tagName}[${attribute.name}]`);
              if (/^\s*(javascript|vbscript):/i.test(attribute.value))
                found.push(`${element.tagName}[${attribute.name}=${attribute.value.slice(0, 40)}]`);
            }
          }
          const body = document.querySelector('.blog-body');
          if (body) {
            const bad = body.querySelectorAll(
              'script, iframe, object, embed, svg, math, style, link, meta, base, form, input, frame, frameset',
            );
            for (const element of bad) found.push(`.blog-body ${element.tagName}`);
            for (const link of body.querySelectorAll('a')) {
              const href = link.getAttribute('href') ?? '';
              if (!/^(https?:|mailto:)/i.test(href)) found.push(`.blog-body a[href=${href}]`);
            }
            for (const image of body.querySelectorAll('img')) found.push(`.blog-body img[src=${image.getAttribute('src')}]`);
          }
          return { found, body: body?.textContent?.trim().length ?? -1 };
        });

      const unsafe: string[] = [];
      for (const blog of HOSTILE_BLOGS) {
        const response = await page.goto(`/blog/${blog.id}`);
        expect(response?.status(), blog.id).toBe(200);
        // Late events (a failed image load, a timer) get a moment to fire.
        await page.waitForTimeout(100);
        const { found, body } = await inspect();
        unsafe.push(...found.map((what) => `${blog.id}: ${what}`));
        // Every body rendered (as escaped text where nothing else is allowed).
        expect(body, blog.id).toBeGreaterThan(0);
      }
      // The lists show their titles and teasers.
      for (const route of [`/blogs/tag/${encodeURIComponent(HOSTILE_TAG)}`, `/profile/${HOSTILE.uid}`, '/blogs']) {
        expect((await page.goto(route))?.status(), route).toBe(200);
        await page.waitForTimeout(100);
        unsafe.push(...(await inspect()).found.map((what) => `${route}: ${what}`));
      }
      expect(await page.getByTestId('blog-card').count()).toBeGreaterThan(0);
      await page.waitForTimeout(1000);

      expect(unsafe).toEqual([]);
      expect(ran).toEqual([]);
      expect(errors).toEqual([]);
      // A vector that reached the page and was only stopped by the CSP fails the test in the page helper's afterEach.
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a visitor who never signed in', () => {
  it(
    'downloads no React and no Firebase on /blog/{id} and /timeline',
    async () => {
      await untilServed(`/blog/${READER.id}`, READER.title);
      const emulatorPorts = Object.values(EMULATORS).map((emulator) => `:${emulator.port}/`);
      for (const route of [`/blog/${READER.id}`, '/timeline']) {
        const scripts: Promise<string>[] = [];
        const requests: string[] = [];
        const onResponse = (response: Response) => {
          if (response.request().resourceType() === 'script') scripts.push(response.text());
        };
        const onRequest = (request: Request) => void requests.push(request.url());
        page.on('response', onResponse);
        page.on('request', onRequest);
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        page.off('response', onResponse);
        page.off('request', onRequest);
        const inline = await page
          .locator('script:not([src])')
          .evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
        const code = [...(await Promise.all(scripts)), ...inline];
        expect(code.length, route).toBeGreaterThan(0);
        expect(
          code.filter((text) => FRAMEWORK_CODE.test(text)).map((text) => text.slice(0, 80)),
          route,
        ).toEqual([]);
        expect(
          requests.filter((url) => /googleapis|firebase/i.test(url) || emulatorPorts.some((port) => url.includes(port))),
          route,
        ).toEqual([]);
      }
      expect(await page.getByRole('link', { name: 'ここから投稿できます' }).getAttribute('href')).toBe('/blog-editor?tab=timeline');
    },
    TEST_TIMEOUT_MS,
  );
});
