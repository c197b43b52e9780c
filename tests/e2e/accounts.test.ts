/**
 * Accounts end to end in real Chromium against the Auth and Firestore
 * emulators (firestore.rules enforced): registration, email confirmation,
 * sign-in, the bell and its dot, /announcements, changing the sign-in
 * email, log-out, the store's
 * profile link, the sign-in guard and the forms' error messages; visitors
 * who never signed in get no React and no Firebase, and 推しに追加 / the
 * handle watch as links to log in.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { FRAMEWORK_CODE } from '../../scripts/bench/page-weight';
import { announceTo, confirmEmail, hintedUid, outOfBandCodes, refusedRequests, signIn } from './account-helpers';
import { useSiteSession } from './site-session';

const site = useSiteSession();
let page: Page;
beforeEach(async () => {
  page = await site.newPage();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function register(email: string, slug: string, kind: 'セラピスト' | '店舗' = 'セラピスト') {
  await page.goto('/register');
  await page.getByLabel(kind, { exact: true }).check();
  await page.getByLabel(kind === '店舗' ? '店舗名' : '表示名').fill('テストさくら');
  await page.getByLabel('プロフィール URL').fill(slug);
  await page.getByLabel('エリア').selectOption('新宿');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: false }).fill('sakura-pass-123');
  await page.getByLabel('利用規約に同意します').check();
  await page.getByRole('button', { name: '登録する' }).click();
}

describe('a therapist from registration to log-out', () => {
  it('registers, confirms her email, signs in, sees the dot for a new announcement, reads it and logs out', async () => {
    const email = `sakura-${unique()}@example.test`;
    const refused = refusedRequests(page);
    await register(email, `sakura-${unique()}`);
    await page.getByTestId('register-done').waitFor();
    await confirmEmail(email);

    // Sign in on a fresh browser, as she would on her phone.
    page = await site.newPage();
    const refusedThere = refusedRequests(page);
    await page.goto('/login');
    await signIn(page, email, 'sakura-pass-123');
    await page.waitForURL(`${site.url}/`);
    const uid = await hintedUid(page);
    expect(uid).toBeTruthy();

    await page.goto('/profile');
    await page.getByTestId('email-verified').waitFor();
    // A new account's first pages: nothing refused, no document answered "not found".
    expect([...refused, ...refusedThere]).toEqual([]);

    await announceTo(uid!, '新しい機能のお知らせ');
    await page.goto('/profile/miu');
    await page.locator('[data-testid="bell"][data-unread="true"]').waitFor();
    expect(await page.getByTestId('bell-dot').count()).toBe(1);

    await page.getByTestId('bell').click();
    await page.waitForURL(`${site.url}/announcements`);
    await expect(page.getByTestId('announcement-list').textContent()).resolves.toContain('新しい機能のお知らせ');
    await page.getByTestId('push-local-demo').waitFor();
    await page.locator('[data-testid="bell"][data-unread="false"]').waitFor();

    await page.reload();
    await page.locator('[data-testid="bell"][data-unread="false"]').waitFor();
    expect(await page.getByTestId('bell-dot').count()).toBe(0);

    await page.goto('/howto');
    await page.getByTestId('avatar-button').click();
    await page.getByTestId('account-menu').getByRole('button', { name: 'ログアウト' }).click();
    // The header's own signed-out buttons: /howto's text also links ログイン, which is visible all along.
    await page.getByRole('navigation', { name: 'メインメニュー' }).getByTestId('register-button').waitFor({ state: 'visible' });
    await page.getByTestId('avatar-button').waitFor({ state: 'detached' });
    expect(await page.getByTestId('account-menu').count()).toBe(0);
    expect(await hintedUid(page)).toBeNull();
  });
});

describe('a store from registration to its own pages', () => {
  it('registers, then opens its profile, members, verification, empty roster and settings with nothing refused', async () => {
    const refused = refusedRequests(page);
    await register(`shop-${unique()}@example.test`, `shop-${unique()}`, '店舗');
    await page.getByTestId('register-done').waitFor();
    await page.goto('/store-profile');
    await page.getByTestId('store-members').waitFor();
    await page.getByTestId('store-verification').waitFor();
    // No therapist yet: the roster says how one joins.
    await page.goto('/schedule/manage');
    await page.getByTestId('store-therapists-empty').waitFor();
    await page.goto('/announcements');
    await page.getByTestId('password-change').waitFor();
    // Every read the last page started has been answered.
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });
});

describe('changing the sign-in email', () => {
  it('asks her password again, keeps what she typed on a refusal, and switches only once the link is opened', async () => {
    const email = `kaede-${unique()}@example.test`;
    const next = `kaede-new-${unique()}@example.test`;
    await register(email, `kaede-${unique()}`);
    await page.getByTestId('register-done').waitFor();

    page = await site.newPage();
    await page.goto('/login?next=%2Fannouncements');
    await signIn(page, email, 'sakura-pass-123');
    await page.waitForURL(`${site.url}/announcements`);
    const form = page.getByTestId('email-change');
    await form.getByText(email).waitFor();

    // The same address, then a wrong password: each refused at its field, nothing typed lost.
    await form.getByLabel('新しいメールアドレス').fill(email.toUpperCase());
    await form.getByLabel('いまのパスワード').fill('sakura-pass-123');
    await form.getByRole('button', { name: '確認メールを送る' }).click();
    await form.getByText('いまのメールアドレスと同じです。').waitFor();
    await form.getByLabel('新しいメールアドレス').fill(next);
    await form.getByLabel('いまのパスワード').fill('not-her-password');
    await form.getByRole('button', { name: '確認メールを送る' }).click();
    await form.getByText('パスワードが違います。').waitFor();
    expect(await form.getByLabel('新しいメールアドレス').inputValue()).toBe(next);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('current-password');

    await form.getByLabel('いまのパスワード').fill('sakura-pass-123');
    await form.getByRole('button', { name: '確認メールを送る' }).click();
    await form.getByTestId('email-change-sent').filter({ hasText: next }).waitFor();
    expect(await form.getByLabel('いまのパスワード').inputValue()).toBe('');

    // Until the link is opened her old address still signs in; after, the new one does.
    const link = (await outOfBandCodes(email, 'VERIFY_AND_CHANGE_EMAIL')).find((code) => code.newEmail === next);
    expect(link).toBeDefined();
    const applied = await fetch(link!.oobLink);
    expect(applied.ok).toBe(true);
    page = await site.newPage();
    await page.goto('/login');
    await signIn(page, email, 'sakura-pass-123');
    await page.getByText('メールアドレスまたはパスワードが違います。').first().waitFor();
    await page.goto('/login?next=%2Fannouncements');
    await signIn(page, next, 'sakura-pass-123');
    await page.waitForURL(`${site.url}/announcements`);
    await page.getByTestId('email-change').getByText(next).waitFor();
  });
});

describe('changing the password', () => {
  it('asks the current one again, refuses at each field keeping what she typed, and then only the new one signs in', async () => {
    const email = `ren-${unique()}@example.test`;
    await register(email, `ren-${unique()}`);
    await page.getByTestId('register-done').waitFor();

    page = await site.newPage();
    await page.goto('/login?next=%2Fannouncements');
    await signIn(page, email, 'sakura-pass-123');
    await page.waitForURL(`${site.url}/announcements`);
    const form = page.getByTestId('password-change');
    const current = form.getByLabel('いまのパスワード');
    const next = form.getByLabel('新しいパスワード');
    const change = form.getByRole('button', { name: 'パスワードを変更する' });
    const focused = (field: typeof current) => field.evaluate((input) => input === document.activeElement);

    // Nothing typed: each field says what is missing, the first one focused.
    await change.click();
    await form.getByText('いまのパスワードを入力してください。').waitFor();
    await form.getByText('新しいパスワードを入力してください。').waitFor();
    expect(await focused(current)).toBe(true);
    // Too short, then the same as now, then a wrong current password: each at its field, nothing typed lost.
    await current.fill('sakura-pass-123');
    await next.fill('short');
    await change.click();
    await form.getByText('パスワードは 8 文字以上にしてください。').waitFor();
    expect(await focused(next)).toBe(true);
    await next.fill('sakura-pass-123');
    await change.click();
    await form.getByText('いまのパスワードと同じです。別のパスワードにしてください。').waitFor();
    await current.fill('not-her-password');
    await next.fill('ren-new-pass-456');
    await change.click();
    await form.getByText('パスワードが違います。').waitFor();
    expect(await next.inputValue()).toBe('ren-new-pass-456');
    expect(await focused(current)).toBe(true);

    await current.fill('sakura-pass-123');
    await change.click();
    await form.getByTestId('password-changed').waitFor();
    expect([await current.inputValue(), await next.inputValue()]).toEqual(['', '']);
    // This browser stays signed in.
    await page.reload();
    await page.getByTestId('password-change').waitFor();

    // Elsewhere the old password is refused and the new one signs in.
    page = await site.newPage();
    await page.goto('/login');
    await signIn(page, email, 'sakura-pass-123');
    await page.getByText('メールアドレスまたはパスワードが違います。').first().waitFor();
    await page.goto('/login?next=%2Fannouncements');
    await signIn(page, email, 'ren-new-pass-456');
    await page.waitForURL(`${site.url}/announcements`);
  });
});

describe('the avatar menu', () => {
  // Each account type is offered only the pages it can use (src/lib/auth/account-links.ts).
  it.each([
    [
      'store@theralink.test',
      '店舗プロフィール',
      '/store-profile',
      ['店舗プロフィール', '在籍セラピストの出勤', 'メンバー', 'ブログ', '設定'],
    ],
    ['therapist@theralink.test', 'プロフィール', '/profile', ['プロフィール', 'スケジュール管理', 'ブログ', '顧客管理', '設定']],
    ['fan@theralink.test', '推し', '/favorites', ['推し', 'お知らせ', '設定']],
  ])('for %s links %s to %s, and only its own pages', async (email, label, href, all) => {
    await page.goto('/login');
    await signIn(page, email);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/favorites');
    await page.getByTestId('avatar-button').click();
    const menu = page.getByTestId('account-menu');
    await menu.waitFor({ state: 'visible' });
    expect(await menu.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(href);
    expect(await menu.getByRole('link').allTextContents()).toEqual(all);
  });
});

describe('the phone drawer', () => {
  it('holds the account links and log-out when signed in', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await signIn(page, 'therapist@theralink.test');
    await page.waitForURL(`${site.url}/`);
    await page.getByTestId('drawer-toggle').click();
    const links = page.getByTestId('drawer-account-links');
    await links.waitFor({ state: 'visible' });
    expect(await links.getByRole('link').allTextContents()).toEqual([
      'お知らせ',
      'プロフィール',
      'スケジュール管理',
      'ブログ',
      '顧客管理',
      '設定',
    ]);
    await links.getByRole('button', { name: 'ログアウト' }).click();
    await page.getByTestId('drawer').waitFor({ state: 'hidden' });
    expect(await hintedUid(page)).toBeNull();
  });
});

describe('the sign-in guard', () => {
  it.each([
    '/profile',
    '/store-profile',
    '/favorites',
    '/schedule/manage',
    '/announcements',
    '/customerManagement',
    '/blog-editor',
    '/report',
  ])('sends a signed-out visitor from %s to /login?next=', async (route) => {
    await page.goto(route);
    await page.waitForURL(`${site.url}/login?next=${encodeURIComponent(route)}`);
  });

  it('returns to the guarded page after signing in', async () => {
    await page.goto('/announcements');
    await page.waitForURL(/\/login\?next=/);
    await signIn(page, 'fan@theralink.test');
    await page.waitForURL(`${site.url}/announcements`);
    await page.getByRole('heading', { name: 'お知らせ一覧' }).waitFor();
  });

  it('never follows a next that leaves the site', async () => {
    await page.goto('/login?next=//example.com/phish');
    await signIn(page, 'fan@theralink.test');
    await page.waitForURL(`${site.url}/`);
  });
});

describe('form errors', () => {
  it('says the same thing for a wrong password and an unknown email, and keeps the email', async () => {
    const messages: string[] = [];
    for (const email of ['therapist@theralink.test', `nobody-${unique()}@example.test`]) {
      page = await site.newPage();
      await page.goto('/login');
      await signIn(page, email, 'not-the-password');
      const alert = page.getByText('メールアドレスまたはパスワードが違います', { exact: false });
      await alert.first().waitFor();
      messages.push((await alert.first().textContent()) ?? '');
      expect(await page.getByLabel('メールアドレス').inputValue()).toBe(email);
    }
    expect(messages[0]).toBe(messages[1]);
  });

  it('sends the password-reset email to the address typed', async () => {
    const email = `reset-${unique()}@example.test`;
    await register(email, `reset-${unique()}`);
    await page.getByTestId('register-done').waitFor();
    page = await site.newPage();
    await page.goto('/login');
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: 'パスワードをお忘れの方（再設定メールを送る）' }).click();
    await page.getByText(`${email} にパスワード再設定用のメールを送りました`, { exact: false }).waitFor();
    expect(await outOfBandCodes(email, 'PASSWORD_RESET')).toHaveLength(1);
  });

  it('shows the email-in-use message and keeps everything typed but the password', async () => {
    const slug = `taken-${unique()}`;
    await register('therapist@theralink.test', slug);
    await page.getByText('このメールアドレスはすでに登録されています', { exact: false }).waitFor();
    expect(await page.getByLabel('プロフィール URL').inputValue()).toBe(slug);
    expect(await page.getByLabel('表示名').inputValue()).toBe('テストさくら');
    await page.reload();
    expect(await page.getByLabel('プロフィール URL').inputValue()).toBe(slug);
  });

  it('refuses a profile URL someone already holds before creating anything', async () => {
    await register(`late-${unique()}@example.test`, 'miu');
    await page.getByText('この URL は使われているか、最近まで使われていたため使えません', { exact: false }).waitFor();
  });
});

describe('visitors who never signed in', () => {
  const nameSearch = `/search?${new URLSearchParams({ q: 'みう' })}`;
  const handleSearch = `/search?${new URLSearchParams({ q: '@nobody_9999' })}`;
  /** Where a /login link comes back to after signing in. */
  const nextOf = (href: string | null) => new URL(href ?? '', site.url).searchParams.get('next');

  it.each(['/profile/miu', '/today', nameSearch, handleSearch])('download no React and no Firebase on %s', async (route) => {
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.text());
    });
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    const code = await Promise.all(bodies);
    expect(code.length).toBeGreaterThan(0);
    expect(code.filter((text) => FRAMEWORK_CODE.test(text))).toEqual([]);
    expect(await page.getByTestId('register-button').isVisible()).toBe(true);
  });

  it.each([
    ['/profile/miu', 'main'],
    ['/today', 'main'],
    [nameSearch, '[data-testid="search-result"]'],
  ])('see 推しに追加 on %s as a link to log in that comes back there', async (route, where) => {
    await page.goto(route);
    const links = page.locator(where).getByRole('link', { name: /推しに追加\s*（ログインが必要です）$/ });
    await links.first().waitFor();
    expect(await links.first().isVisible()).toBe(true);
    const nexts = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(nexts.map(nextOf)).toEqual(nexts.map(() => route));
    expect(await page.getByRole('button', { name: /推し/ }).count()).toBe(0);
  });

  it('names her on her profile and her search card', async () => {
    await page.goto('/profile/miu');
    await page.getByRole('link', { name: /^みう\s+推しに追加\s*（ログインが必要です）$/ }).waitFor();
    await page.goto(nameSearch);
    await page
      .getByTestId('search-result')
      .getByRole('link', { name: /^みう\s+推しに追加\s*（ログインが必要です）$/ })
      .first()
      .waitFor();
  });

  it('are offered to log in to hear when an unregistered handle is registered, and come back to the search', async () => {
    await page.goto(handleSearch);
    const offer = page.getByTestId('handle-not-registered').getByRole('link', { name: /ログインすると、@nobody_9999 が登録されたときに/ });
    await offer.waitFor();
    expect(nextOf(await offer.getAttribute('href'))).toBe(handleSearch);
    await offer.click();
    await page.waitForURL(/\/login\?next=/);
    await signIn(page, 'fan@theralink.test');
    await page.waitForURL(`${site.url}${handleSearch}`);
    await page.getByRole('button', { name: '@nobody_9999 が登録されたら知らせる' }).waitFor();
  });
});
