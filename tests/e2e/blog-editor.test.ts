/**
 * The blog editor and the timeline composer end to end, in real Chromium
 * against the emulators (firestore.rules enforced) and the built demo site
 * with its CSP: a verified therapist writes a blog with a picture, sees it
 * in the preview and publishes it (document, Storage object, 公開中 after a
 * reload); a draft typed but never saved survives a reload, and one
 * whose save failed (offline, or a dropped connection) stays in the form
 * and comes back after a reload; an unverified
 * account saves drafts but cannot publish; two tabs saving the same blog
 * get a warning instead of a silent overwrite; a body nested past the
 * Markdown bounds is shown as a problem in the preview and refused next to
 * the body field, and kept through a reload; a delete takes the blog, its
 * tombstone and its picture; the composer on /timeline posts and deletes.
 * Then the XSS corpus goes through the live preview and nothing may run.
 */
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FRAMEWORK_CODE } from '../../scripts/bench/page-weight';
import { photoUrlBase } from '../../scripts/export/photo-base';
import { EMULATORS } from '../../scripts/lib/project';
import { contentImagePath, storageUrl } from '../../src/lib/photo-url';
import { XSS_VECTORS } from '../fixtures/xss-vectors';
import { TEST_PROJECTS } from '../setup/projects';
import { createTherapist, signIn, signInThrough } from './account-helpers';
import { useSiteSession } from './site-session';

process.env.FIREBASE_PROJECT_ID = TEST_PROJECTS.e2e;
const { adminDb } = await import('../../scripts/lib/admin');

const site = useSiteSession();
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const WRITER = { uid: `bw-${unique}`, email: `blog-writer-${unique}@example.test`, name: 'ブログのあかり', verified: true };
const NEWCOMER = { uid: `bn-${unique}`, email: `blog-new-${unique}@example.test`, name: 'まだ確認前のゆう', verified: false };

beforeAll(async () => {
  await Promise.all([createTherapist(WRITER), createTherapist(NEWCOMER)]);
}, 60_000);

let page: Page;
beforeEach(async () => {
  page = await site.newPage();
  // 削除 confirms with the browser's dialog; a reload with unsaved text asks "leave?" (beforeunload).
  page.on('dialog', (dialog) => void dialog.accept());
});

const signInTo = (path: string, email = WRITER.email) => signInThrough(page, site.url, path, email);

/** A PNG of one colour, drawn by the browser itself. */
async function png(width: number, height: number, colour: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h, c]) => {
      const canvas = Object.assign(document.createElement('canvas'), { width: w, height: h });
      const context = canvas.getContext('2d')!;
      context.fillStyle = c as string;
      context.fillRect(0, 0, w as number, h as number);
      return canvas.toDataURL('image/png');
    },
    [width, height, colour] as const,
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function myDocs(collection: 'blogs' | 'posts', uid = WRITER.uid) {
  const found = await adminDb().collection(collection).where('userId', '==', uid).get();
  return found.docs;
}

const pictureUrl = (kind: 'blogs' | 'posts', uid: string, id: string, slot: number) =>
  storageUrl(contentImagePath(kind, uid, id, slot), photoUrlBase());

async function openNewBlog() {
  await page.getByTestId('blog-new').click();
  await page.getByTestId('blog-editor').waitFor();
}

const status = () => page.getByTestId('blog-status');
const body = () => page.getByLabel('本文', { exact: true });

describe('the blog editor', () => {
  const title = `新宿で出勤します ${unique}`;

  it('publishes a blog with a picture seen in the preview; the document and the picture are stored; it is 公開中 after a reload', async () => {
    await signInTo('/blog-editor');
    await openNewBlog();
    await page.getByLabel('タイトル').fill(title);
    await page.getByLabel('タグ').fill('日記、新宿');
    await body().fill(`## 今日の予定\n\n**18時から**出勤です。`);
    // The toolbar's 画像を挿入 puts the reference at the cursor (the end of the body here).
    await body().press('End');
    await page
      .getByTestId('body-picture-input')
      .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await png(2400, 1200, '#d35400') });
    await expect.poll(() => body().inputValue()).toContain('![](image:0)');

    // The preview renders the body with the picture from its local file.
    const preview = page.getByTestId('blog-preview-body');
    await preview.locator('h3', { hasText: '今日の予定' }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('18時から');
    expect(await preview.locator('img').getAttribute('src')).toMatch(/^blob:/);
    expect(await page.getByTestId('blog-picture').count()).toBe(1);

    await page.getByLabel('今すぐ公開').check();
    await page.getByTestId('blog-save').click();
    await status().filter({ hasText: '公開しました' }).waitFor({ timeout: 30_000 });

    const [stored] = await myDocs('blogs');
    expect(stored?.id).toMatch(new RegExp(`^${WRITER.uid}_\\d{8}_0$`));
    expect(stored?.data()).toMatchObject({ title, tags: ['日記', '新宿'], images: [0], cover: 0, published: true, hidden: false });
    expect(stored?.get('body')).toContain('![](image:0)');
    const picture = await fetch(pictureUrl('blogs', WRITER.uid, stored!.id, 0));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    const size = await page.evaluate(
      async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      },
      pictureUrl('blogs', WRITER.uid, stored!.id, 0),
    );
    expect(size).toEqual([1600, 800]);
    // The address names the blog now.
    expect(page.url()).toContain(`edit=${stored!.id}`);

    await page.goto('/blog-editor');
    await page.getByRole('button', { name: /^公開中/ }).click();
    const item = page.getByTestId('blog-item').filter({ hasText: title });
    await item.waitFor();
    expect(await item.getAttribute('data-status')).toBe('published');
  });

  it('keeps a draft typed but never saved through a reload (復元), then saves it as a draft', async () => {
    await signInTo('/blog-editor?edit=new');
    await page.getByTestId('blog-editor').waitFor();
    const draftTitle = `保存前の下書き ${unique}`;
    await page.getByLabel('タイトル').fill(draftTitle);
    await body().fill('まだ保存していない本文です。');
    await expect.poll(() => page.getByTestId('blog-dirty').textContent()).toContain('未保存');
    // The local draft is written 500 ms after the last keystroke (and when the page is hidden).
    await page.waitForTimeout(800);
    await page.reload();

    await page.getByTestId('blog-restore-offer').waitFor();
    expect(await page.getByTestId('blog-restore-offer').textContent()).toContain(draftTitle);
    await page.getByRole('button', { name: '復元' }).click();
    expect(await page.getByLabel('タイトル').inputValue()).toBe(draftTitle);
    expect(await body().inputValue()).toBe('まだ保存していない本文です。');

    await page.getByTestId('blog-save').click();
    await status().filter({ hasText: '下書きを保存しました' }).waitFor();
    const saved = (await myDocs('blogs')).find((blog) => blog.get('title') === draftTitle);
    expect(saved?.data()).toMatchObject({ published: false, publishAt: null, body: 'まだ保存していない本文です。' });
    // Saved: nothing is offered after another reload.
    await page.reload();
    await page.getByTestId('blog-editor').waitFor();
    expect(await page.getByTestId('blog-restore-offer').count()).toBe(0);
  });

  it('keeps what she typed through a failed save, offline and on a dropped connection, and restores it after a reload', async () => {
    await signInTo('/blog-editor?edit=new');
    await page.getByTestId('blog-editor').waitFor();
    const draftTitle = `電車の中で書いた記事 ${unique}`;
    const draftBody = '## 移動中\n\n電波が入らないところで書いています。';
    await page.getByLabel('タイトル').fill(draftTitle);
    await body().fill(draftBody);
    const typed = async () => [await page.getByLabel('タイトル').inputValue(), await body().inputValue()];

    // The network taken away: the browser knows it is offline.
    await page.context().setOffline(true);
    await page.getByTestId('blog-save').click();
    const failed = status().and(page.locator('[data-status="error"]'));
    await failed.filter({ hasText: 'インターネットに接続されていません' }).waitFor();
    expect(await failed.textContent()).toContain('入力した内容はこの端末に残っています');
    expect(await typed()).toEqual([draftTitle, draftBody]);

    // Online as far as the browser knows, but every request to Firestore fails on the way.
    await page.context().setOffline(false);
    await page.route(
      (url) => url.port === String(EMULATORS.firestore.port),
      (route) => route.abort('internetdisconnected'),
    );
    await page.getByTestId('blog-save').click();
    await failed.filter({ hasText: '通信できませんでした' }).waitFor({ timeout: 30_000 });
    expect(await failed.textContent()).toContain('入力した内容は残っています');
    expect(await typed()).toEqual([draftTitle, draftBody]);
    expect((await myDocs('blogs')).filter((blog) => blog.get('title') === draftTitle)).toEqual([]);

    // Back online, a reload offers the draft kept in this browser.
    await page.unrouteAll({ behavior: 'wait' });
    await page.reload();
    await page.getByTestId('blog-restore-offer').waitFor();
    expect(await page.getByTestId('blog-restore-offer').textContent()).toContain(draftTitle);
    await page.getByRole('button', { name: '復元' }).click();
    expect(await typed()).toEqual([draftTitle, draftBody]);
    await page.getByTestId('blog-save').click();
    await status().filter({ hasText: '下書きを保存しました' }).waitFor();
    const saved = (await myDocs('blogs')).filter((blog) => blog.get('title') === draftTitle);
    expect(saved.map((blog) => blog.get('body'))).toEqual([draftBody]);
  });

  it('refuses a body nested past the bounds: the preview says why, 公開する is refused next to the body, and the text survives a reload', async () => {
    await signInTo('/blog-editor?edit=new');
    await page.getByTestId('blog-editor').waitFor();
    const nestedTitle = `入れ子が深すぎる記事 ${unique}`;
    // Pasted from a long mail thread: quotes inside quotes, far past the 8 levels a page renders.
    const nestedBody = `お返事です。\n\n${'>'.repeat(30)} いちばん古いメール`;
    const nestedMessage = '3 行目の引用（>）や箇条書きの入れ子が深すぎます（30 段）。入れ子は 8 段までにしてください。';
    await page.getByLabel('タイトル').fill(nestedTitle);
    await body().fill(nestedBody);

    // The preview says why instead of rendering.
    const problem = page.getByTestId('blog-preview-problem');
    await problem.filter({ hasText: nestedMessage }).waitFor();
    expect(await page.getByTestId('blog-preview-body').count()).toBe(0);

    await page.getByLabel('今すぐ公開').check();
    await page.getByTestId('blog-save').click();
    await status().and(page.locator('[data-status="error"]')).filter({ hasText: '入力内容を確かめてください' }).waitFor();
    // The message stands under the body field, which names it, is marked invalid and has the focus.
    const described = await body().evaluate((field) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join('\n'),
    );
    expect(described).toContain(nestedMessage);
    expect(await body().getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('body');
    expect((await myDocs('blogs')).filter((blog) => blog.get('title') === nestedTitle)).toEqual([]);

    // Nothing she typed is lost: a reload offers the draft kept in this browser.
    await page.waitForTimeout(800);
    await page.reload();
    await page.getByTestId('blog-restore-offer').waitFor();
    await page.getByRole('button', { name: '復元' }).click();
    expect(await body().inputValue()).toBe(nestedBody);
    await problem.filter({ hasText: nestedMessage }).waitFor();
  });

  it('lets an account with an unverified email save drafts but not publish', async () => {
    await signInTo('/blog-editor?edit=new', NEWCOMER.email);
    await page.getByTestId('blog-editor').waitFor();
    expect(await page.getByLabel('今すぐ公開').isDisabled()).toBe(true);
    expect(await page.getByLabel('予約投稿').isDisabled()).toBe(true);
    await page.getByTestId('email-unverified').waitFor();
    expect(await page.getByTestId('email-unverified').textContent()).toContain('ブログを公開するには');

    await page.getByLabel('タイトル').fill(`確認前の下書き ${unique}`);
    await page.getByTestId('blog-save').click();
    await status().filter({ hasText: '下書きを保存しました' }).waitFor();
    const [draft] = await myDocs('blogs', NEWCOMER.uid);
    expect(draft?.data()).toMatchObject({ published: false, publishAt: null });
  });

  it('warns instead of overwriting when another tab saved the same blog, and overwrites only when asked', async () => {
    const [blog] = (await myDocs('blogs')).filter((found) => found.get('title') === title);
    expect(blog).toBeDefined();
    // Two tabs of one browser: one context (shared sign-in and localStorage), watched for CSP violations by hand.
    const context = await page.context().browser()!.newContext({ baseURL: site.url });
    const violations: string[] = [];
    const tab = async () => {
      const opened = await context.newPage();
      opened.on('dialog', (dialog) => void dialog.accept());
      opened.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      return opened;
    };
    try {
      const first = await tab();
      await first.goto(`/login?next=${encodeURIComponent(`/blog-editor?edit=${blog!.id}`)}`);
      await signIn(first, WRITER.email);
      await first.getByTestId('blog-editor').waitFor();
      const second = await tab();
      await second.goto(`/blog-editor?edit=${blog!.id}`);
      await second.getByTestId('blog-editor').waitFor();

      // Typing in one tab shows in the other (the storage event of the local draft).
      await first.getByLabel('本文', { exact: true }).fill('一つ目のタブで書き直しました。');
      await second.getByTestId('blog-other-tab').waitFor();
      await second.getByRole('button', { name: 'このタブで続ける' }).click();

      await first.getByTestId('blog-save').click();
      await first.getByTestId('blog-status').filter({ hasText: '公開しました' }).waitFor();

      await second.getByLabel('本文', { exact: true }).fill('二つ目のタブの本文です。');
      await second.getByTestId('blog-save').click();
      await second.getByTestId('blog-conflict').waitFor();
      expect(await second.getByTestId('blog-conflict').textContent()).toContain('別のタブまたは端末でこの記事が更新されています');
      expect((await adminDb().doc(`blogs/${blog!.id}`).get()).get('body')).toBe('一つ目のタブで書き直しました。');

      await second.getByRole('button', { name: '自分の内容で上書き' }).click();
      await second.getByTestId('blog-status').filter({ hasText: '公開しました' }).waitFor();
      const after = (await adminDb().doc(`blogs/${blog!.id}`).get()).data();
      expect(after).toMatchObject({ body: '二つ目のタブの本文です。', published: true, images: [0], hidden: false });
      // The publish date stays the first one: an edit does not move it.
      expect(after?.publishAt.toMillis()).toBe(blog!.get('publishAt').toMillis());
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows its author that the operator hid a blog', async () => {
    const [blog] = (await myDocs('blogs')).filter((found) => found.get('title') === title);
    await adminDb().doc(`blogs/${blog!.id}`).update({ hidden: true });
    try {
      await signInTo(`/blog-editor?edit=${blog!.id}`);
      await page.getByTestId('blog-hidden-notice').filter({ hasText: 'この記事は運営により非公開になっています' }).waitFor();
      await page.goto('/blog-editor');
      await page.getByRole('button', { name: /^非公開\(運営\)/ }).click();
      await page.getByTestId('blog-item').filter({ hasText: title }).waitFor();
    } finally {
      await adminDb().doc(`blogs/${blog!.id}`).update({ hidden: false });
    }
  });

  it('deletes a blog with its tombstone and its picture', async () => {
    const [blog] = (await myDocs('blogs')).filter((found) => found.get('title') === title);
    await signInTo('/blog-editor');
    const item = page.getByTestId('blog-item').filter({ hasText: title });
    await item.getByRole('button', { name: /を削除$/ }).click();
    await page.getByText(`「${title}」を削除しました`).waitFor();
    expect((await adminDb().doc(`blogs/${blog!.id}`).get()).exists).toBe(false);
    expect((await adminDb().doc(`deletions/blogs:${blog!.id}`).get()).exists).toBe(true);
    await expect.poll(async () => (await fetch(pictureUrl('blogs', WRITER.uid, blog!.id, 0))).status).toBe(404);
    await page.reload();
    await page.getByTestId('blog-list').waitFor();
    await page.getByRole('button', { name: /^すべて/ }).waitFor();
    expect(await page.getByTestId('blog-item').filter({ hasText: title }).count()).toBe(0);
  });
});

describe('the timeline composer', () => {
  it('is only a link for a visitor who never signed in: no React, no Firebase', async () => {
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.text());
    });
    await page.goto('/timeline');
    await page.waitForLoadState('networkidle');
    const code = await Promise.all(bodies);
    expect(code.filter((text) => FRAMEWORK_CODE.test(text))).toEqual([]);
    expect(await page.getByRole('link', { name: 'ここから投稿できます' }).getAttribute('href')).toBe('/blog-editor?tab=timeline');
  });

  it('posts with a picture on /timeline and deletes the post with its picture', async () => {
    await signInTo('/timeline');
    await page.getByTestId('timeline-composer').waitFor();
    const text = `今日は18時から新宿です ${unique}`;
    await page.getByLabel('投稿する内容').fill(text);
    await page
      .getByTestId('post-picture-input')
      .setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: await png(600, 900, '#2471a3') });
    await page.getByRole('img', { name: '画像 1' }).waitFor();
    await page.getByTestId('post-submit').click();
    await page.getByText('投稿しました').waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('投稿する内容').inputValue()).toBe('');

    const [post] = await myDocs('posts');
    expect(post?.data()).toMatchObject({ text, images: [0], hidden: false });
    expect((await fetch(pictureUrl('posts', WRITER.uid, post!.id, 0))).status).toBe(200);
    const mine = page.getByTestId('my-post').filter({ hasText: text });
    await mine.waitFor();

    await mine.getByRole('button', { name: 'この投稿を削除' }).click();
    await expect.poll(() => mine.count()).toBe(0);
    expect((await adminDb().doc(`posts/${post!.id}`).get()).exists).toBe(false);
    expect((await adminDb().doc(`deletions/posts:${post!.id}`).get()).exists).toBe(true);
    await expect.poll(async () => (await fetch(pictureUrl('posts', WRITER.uid, post!.id, 0))).status).toBe(404);
  });

  it('asks an account with an unverified email to confirm it first, and keeps the text', async () => {
    await signInTo('/blog-editor?tab=timeline', NEWCOMER.email);
    await page.getByTestId('timeline-composer').waitFor();
    expect(await page.getByTestId('post-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('email-unverified').textContent()).toContain('タイムラインに投稿するには');
    await page.getByLabel('投稿する内容').fill('確認が済んだら投稿します');
    await page.waitForTimeout(800);
    await page.reload();
    await page.getByTestId('timeline-composer').waitFor();
    expect(await page.getByLabel('投稿する内容').inputValue()).toBe('確認が済んだら投稿します');
  });
});

describe('the live preview against hostile bodies', () => {
  it(`runs none of the ${XSS_VECTORS.length} XSS vectors`, async () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(150);
    const dialogs: string[] = [];
    page.removeAllListeners('dialog');
    page.on('dialog', (dialog) => {
      if (dialog.type() !== 'beforeunload') dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    // Before any page script: every way a vector could announce itself sets the flag.
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__xss = false;
      for (const name of ['alert', 'confirm', 'prompt', 'print']) {
        w[name] = () => {
          w.__xss = true;
        };
      }
    });
    await signInTo('/blog-editor?edit=new');
    await page.getByTestId('blog-editor').waitFor();
    await page.getByLabel('タイトル').fill('XSS');
    await body().fill('準備');
    await page.getByTestId('blog-preview-body').waitFor();

    const result = await page.evaluate(
      async (bodies) => {
        const textarea = document.querySelector<HTMLTextAreaElement>('textarea[name="body"]')!;
        const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const rendered: string[] = [];
        const unsafe: string[] = [];
        /** Anything in the preview that could run or leave the page, named with the vector that put it there. */
        const inspect = (label: string) => {
          const preview = document.querySelector('[data-testid="blog-preview-body"]');
          if (!preview) return '';
          const bad = preview.querySelectorAll(
            'script, iframe, object, embed, svg, math, style, link, meta, base, form, input, frame, frameset',
          );
          if (bad.length) unsafe.push(`${label} → ${bad[0]!.tagName}`);
          for (const element of preview.querySelectorAll('*')) {
            for (const attribute of element.attributes) {
              const styled = attribute.name === 'style' && element.tagName !== 'TH' && element.tagName !== 'TD';
              if (/^on/i.test(attribute.name) || styled) unsafe.push(`${label} → ${element.tagName}[${attribute.name}]`);
            }
          }
          for (const link of preview.querySelectorAll('a')) {
            const href = link.getAttribute('href') ?? '';
            if (!/^(https?:|mailto:)/i.test(href)) unsafe.push(`${label} → a[href=${href}]`);
          }
          for (const image of preview.querySelectorAll('img')) {
            const src = image.getAttribute('src') ?? '';
            if (!/^(blob:|https?:)/i.test(src)) unsafe.push(`${label} → img[src=${src}]`);
          }
          return preview.innerHTML;
        };
        for (const vector of bodies) {
          setValue.call(textarea, vector);
          textarea.dispatchEvent(new Event('input', { bubbles: true }));
          await frame();
          await frame();
          rendered.push(inspect(vector.slice(0, 50)));
        }
        // Late events (a failed image load, a timer) get a moment to fire; the last body is looked at again.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        inspect('last');
        return { rendered, unsafe, ran: (window as unknown as { __xss: boolean }).__xss };
      },
      XSS_VECTORS.map((vector) => vector.body),
    );

    expect(result.unsafe).toEqual([]);
    expect(result.ran).toBe(false);
    expect(dialogs).toEqual([]);
    // Every vector was rendered (a body of only hostile markup still renders as escaped text).
    expect(result.rendered.filter((html) => html.trim() !== '').length).toBeGreaterThanOrEqual(XSS_VECTORS.length - 5);
    // CSP violations, if any, fail the test in the page helper's afterEach.
  }, 90_000);
});
