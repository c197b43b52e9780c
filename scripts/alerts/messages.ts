/**
 * What each alert says and where it leads: Japanese titles and bodies,
 * links made by the site's own route helpers. Pure; every text fits the
 * announcement schema (title ≤ 100, body ≤ 1000 characters).
 */
import { postExcerpt } from '../../src/lib/favorites/people-index';
import { atHandle } from '../../src/lib/handles';
import { formatUntil } from '../../src/lib/available-now';
import { formatShiftTime } from '../../src/lib/shifts/view';
import { formatMonthDayWeekday } from '../../src/lib/tokyo-date';
import { announcementDoc } from '../../src/schema/announcements';
import type { PublicBlog, PublicPost, PublicShift } from '../../src/schema/public';

export interface AlertContent {
  title: string;
  body: string;
  link: string;
}

/** The 推し an alert is about: her name and her public page. */
export interface AlertOwner {
  name: string;
  href: string;
}

const TITLE_MAX = announcementDoc.shape.title.maxLength ?? 100;
const BODY_MAX = announcementDoc.shape.body.maxLength ?? 1000;

/** Cuts text to `max` UTF-16 units (the schema's count) without splitting a character. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out}…`;
}

function content(title: string, body: string, link: string): AlertContent {
  return { title: clip(title, TITLE_MAX), body: clip(body, BODY_MAX), link };
}

/** She listed a former (frozen) handle: fans who lost her there now know where she is. */
export function formerHandleAlert(owner: AlertOwner, handle: string): AlertContent {
  return content(
    `${owner.name}さんが旧アカウント ${atHandle(handle)} を登録しました`,
    `${atHandle(handle)} は${owner.name}さんの旧アカウントです。今のアカウントはプロフィールで確認できます。`,
    owner.href,
  );
}

/** Her current X handle changed. */
export function movedAlert(owner: AlertOwner, handle: string): AlertContent {
  return content(`${owner.name}さんが ${atHandle(handle)} に移転しました`, `X の新しいアカウントは ${atHandle(handle)} です。`, owner.href);
}

export function blogAlert(owner: AlertOwner, blog: PublicBlog, link: string): AlertContent {
  return content(`${owner.name}さんがブログを書きました`, blog.title, link);
}

export function postAlert(owner: AlertOwner, post: PublicPost): AlertContent {
  return content(`${owner.name}さんがタイムラインに投稿しました`, postExcerpt(post.text), owner.href);
}

/** A shift for today or tomorrow (`day`), at her store when it is public. */
export function shiftAlert(
  owner: AlertOwner,
  shift: PublicShift,
  day: '今日' | '明日',
  storeName: string | null,
  link: string,
): AlertContent {
  const where = storeName ? `（${storeName}）` : '';
  return content(`${owner.name}さんが${day}出勤します`, `${formatMonthDayWeekday(shift.date)} ${formatShiftTime(shift)}${where}`, link);
}

/** The rest of her day past the bound: `count` more news. */
export function digestAlert(name: string, count: number, link: string): AlertContent {
  return content(`${name}さんの新着がほかに ${count} 件あります`, `今日の${name}さんの新着はプロフィールで確認できます。`, link);
}

/** A handle a fan watched is registered now. */
export function watchAlert(owner: AlertOwner, handle: string): AlertContent {
  return content(
    `${atHandle(handle)} が登録されました`,
    `${atHandle(handle)} は${owner.name}さんのアカウントとして登録されています。`,
    owner.href,
  );
}

/** 今すぐ案内可: she (or her store) opened a window that ends at `until`. */
export function availableNowAlert(owner: AlertOwner, until: string): AlertContent {
  const end = formatUntil(until);
  return content(
    `${owner.name}さんが今すぐ案内できます（${end} まで）`,
    `${end} までのご案内です。プロフィールで確認できます。`,
    owner.href,
  );
}
