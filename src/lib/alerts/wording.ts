/**
 * The one home of what a 推し alert says: a function per kind that words its
 * facts (src/schema/announcements.ts alertFacts) in Japanese, relative to
 * `now` in Tokyo (本日 / 明日 / 11月22日(日)). The alerts job uses it for the
 * stored title and body and the push; /announcements words the stored facts
 * again when it shows them. Pure; every text fits the announcement schema
 * (title ≤ 100, body ≤ 1000 characters).
 */
import type { AlertFacts, AlertFactsKind } from '../../schema/announcements';
import type { AlertKind } from '../../schema/users';
import { atHandle } from '../handles';
import { formatShiftTime } from '../shifts/view';
import { addDays, formatMonthDayWeekday, formatTimeOfDay, tokyoDateKey } from '../tokyo-date';
import { isAvailableAt } from '../available-now';

export interface AlertWords {
  title: string;
  body: string;
}

const TITLE_MAX = 100;
const BODY_MAX = 1000;

/** Cuts text to `max` UTF-16 units (the schema's count) without splitting a character. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out}…`;
}

const words = (title: string, body: string): AlertWords => ({ title: clip(title, TITLE_MAX), body: clip(body, BODY_MAX) });

/** 「本日」「明日」「昨日」 or 「11月22日(日)」: a Tokyo date as seen on `now`'s Tokyo day. */
export function dayWord(date: string, now: Date): string {
  const today = tokyoDateKey(now);
  if (date === today) return '本日';
  if (date === addDays(today, 1)) return '明日';
  if (date === addDays(today, -1)) return '昨日';
  return formatMonthDayWeekday(date);
}

/** The short noun of each kind of news a digest counts (「出勤 1 件、ブログ 2 件」), in ALERT_KINDS order. */
export const DIGEST_LABELS: Record<AlertKind, string> = {
  schedule: '出勤',
  blog: 'ブログ',
  post: '投稿',
  handle: 'アカウント',
};

type Wording<K extends AlertFactsKind> = (facts: Extract<AlertFacts, { kind: K }>, now: Date) => AlertWords;

/** One function per kind of alert. Adding a kind: its facts in alertFacts, its function here. */
export const ALERT_WORDING: { [K in AlertFactsKind]: Wording<K> } = {
  shift(facts, now) {
    const past = facts.date < tokyoDateKey(now);
    const where = facts.store ? `（${facts.store}）` : '';
    return words(
      `${facts.name}さんが${dayWord(facts.date, now)} ${facts.start}〜 ${past ? '出勤しました' : '出勤します'}`,
      `${formatMonthDayWeekday(facts.date)} ${formatShiftTime(facts)}${where}`,
    );
  },
  blog: (facts) => words(`${facts.name}さんが新しいブログを書きました：${facts.title}`, facts.teaser),
  post: (facts) => words(`${facts.name}さんがタイムラインに投稿しました`, facts.excerpt),
  'former-handle': (facts) =>
    words(
      `${facts.name}さんが旧アカウント ${atHandle(facts.handle)} を登録しました`,
      `${atHandle(facts.handle)} は${facts.name}さんの旧アカウントです。今のアカウントはプロフィールで確認できます。`,
    ),
  moved: (facts) =>
    words(
      `${facts.name}さんが X のアカウントを ${atHandle(facts.handle)} に変更しました`,
      `X の新しいアカウントは ${atHandle(facts.handle)} です。`,
    ),
  watch: (facts) =>
    words(
      `${atHandle(facts.handle)} が登録されました`,
      `${atHandle(facts.handle)} は${facts.name}さんのアカウントとして登録されています。`,
    ),
  'available-now'(facts, now) {
    const end = formatTimeOfDay(facts.until);
    return isAvailableAt(facts.until, now)
      ? words(`${facts.name}さんが今すぐ案内できます（${end} まで）`, `${end} までのご案内です。プロフィールで確認できます。`)
      : words(`${facts.name}さんの今すぐ案内（${end} まで）は終了しました`, '次の出勤はプロフィールで確認できます。');
  },
  digest(facts, now) {
    const counts = facts.counts.map(({ kind, count }) => `${DIGEST_LABELS[kind]} ${count} 件`).join('、');
    return words(
      `${facts.name}さん：${counts}`,
      `${dayWord(facts.date, now)}の${facts.name}さんの新着をまとめてお知らせします。プロフィールで確認できます。`,
    );
  },
};

/** What an alert says on `now`'s Tokyo day. */
export function alertWords(facts: AlertFacts, now: Date): AlertWords {
  // The mapped type pairs each kind with its own facts; TypeScript cannot follow that through an index.
  const word = ALERT_WORDING[facts.kind] as (facts: AlertFacts, now: Date) => AlertWords;
  return word(facts, now);
}

/** What a stored announcement says on `now`'s Tokyo day: its facts worded again, else (a system notice, an older alert) its stored text. */
export function announcementWords(item: { title: string; body: string; facts: AlertFacts | null }, now: Date): AlertWords {
  return item.facts ? alertWords(item.facts, now) : { title: item.title, body: item.body };
}
