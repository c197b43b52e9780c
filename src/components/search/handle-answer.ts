/**
 * The exact answer to a handle query on /search: one shard of the handle
 * index is fetched and the hit is shown as an answer card (「@miu_0312 は
 * みう さんの旧アカウントです」), or the plain "not registered" answer with
 * the registered handles that start with what was typed and the offer to
 * be told when it is registered. The answer card carries her 推し button.
 * Built with DOM calls only (text never becomes markup).
 */
import { SIGNED_IN_HIDDEN, WATCH_ATTR } from '../../islands/favorite-button/attributes';
import { favoriteLink } from '../../islands/favorite-button/markup';
import { loginUrlFor } from '../../lib/auth/next-path';
import { completionShardUrl, lookUpHandle, handleShardUrl, type HandleEntry } from '../../lib/search/handle-index';
import { isAvailableAt } from '../../lib/available-now';
import { channelButtonText } from '../../lib/channels';
import { formatShiftTime } from '../../lib/shifts/view';
import { formatLongDate, formatMonthDayWeekday, formatTimeOfDay } from '../../lib/tokyo-date';
import { badgeClass } from '../../lib/ui-parts';
import { DISPUTED_HINT, VERIFICATION_HINTS, claimLabel, claimTone } from '../../lib/verification';
import { avatar, el, link } from './dom';
import { fetchShardFile } from '../../lib/search/shard-file';

/**
 * The handle's answer shard; only when it holds no answer, the completion
 * shard too (five characters or more): a hit downloads one small file.
 */
export async function findHandle(handle: string) {
  const shard = await fetchShardFile<HandleEntry>(handleShardUrl(handle));
  const found = lookUpHandle(shard, [], handle);
  const completionUrl = completionShardUrl(handle);
  if (found.exact.length || !completionUrl) return found;
  return lookUpHandle(shard, await fetchShardFile<string>(completionUrl), handle);
}

function whose(entry: HandleEntry): string {
  const name = entry.owner.kind === 'store' ? `店舗「${entry.owner.name}」` : `${entry.owner.name} さん`;
  return `@${entry.handle} は ${name}の${entry.kind === 'former' ? '旧アカウント' : '今のアカウント'}です`;
}

/** The answer card for a registered handle. */
export function answerCard(entry: HandleEntry): HTMLElement {
  const card = el('article', 'card grid gap-3 border-2 border-brand-700 dark:border-brand-400');
  card.dataset.testid = 'handle-answer';

  const head = el('div', 'flex items-start gap-4');
  const title = el('div', 'grid gap-1');
  title.append(el('h3', 'text-lg font-bold', whose(entry)));
  const facts = el('p', 'flex flex-wrap items-center gap-2 text-sm');
  if (entry.verification) {
    const claim = { verification: entry.verification, disputed: entry.disputed };
    const badge = el('span', badgeClass(claimTone(claim)), claimLabel(claim));
    badge.title = entry.disputed ? DISPUTED_HINT : VERIFICATION_HINTS[entry.verification];
    badge.dataset.verification = entry.disputed ? 'disputed' : entry.verification;
    facts.append(badge);
  }
  if (entry.frozenOn) facts.append(el('span', 'text-red-700 dark:text-red-300', `${formatLongDate(entry.frozenOn)} 凍結`));
  if (entry.owner.area) facts.append(el('span', 'text-gray-700 dark:text-gray-300', entry.owner.area));
  // Only while its end is ahead of the reader's clock (the shard was built earlier).
  const until = entry.owner.availableUntil;
  if (until && isAvailableAt(until, new Date())) {
    facts.append(el('span', badgeClass('solid-brand'), `今すぐ案内可（${formatTimeOfDay(until)} まで）`));
  }
  title.append(facts);
  head.append(avatar(entry.owner.name, entry.owner.photoURL, 'size-16', entry.owner.illustration), title);
  card.append(head);

  if (entry.owner.channels.length) {
    const channels = el('ul', 'flex flex-wrap gap-2');
    channels.setAttribute('aria-label', '今のアカウント');
    for (const [label, href, text] of entry.owner.channels) {
      const item = el('li', '');
      const button = link(href, channelButtonText(label, text), 'chip font-bold break-all');
      button.rel = 'noopener nofollow';
      item.append(button);
      channels.append(item);
    }
    card.append(channels);
  }

  const details = el('dl', 'grid gap-1 text-sm');
  const row = (term: string, value: Node | string) => {
    const line = el('div', 'flex gap-2');
    line.append(el('dt', 'text-gray-600 dark:text-gray-400', term));
    const dd = el('dd', '');
    dd.append(value);
    line.append(dd);
    details.append(line);
  };
  if (entry.owner.store) row('店舗', link(entry.owner.store.href, entry.owner.store.name, 'text-link'));
  if (entry.owner.kind === 'therapist') {
    const next = entry.owner.nextShift;
    row('次の出勤', next ? `${formatMonthDayWeekday(next.date)} ${formatShiftTime(next)}` : '予定はまだありません');
  }
  if (details.childElementCount) card.append(details);

  const actions = el('div', 'flex flex-wrap items-center gap-4');
  actions.append(
    link(entry.owner.href, entry.owner.kind === 'store' ? '店舗ページを見る' : 'プロフィールを見る', 'text-link font-bold'),
    favoriteLink({ uid: entry.owner.uid, kind: entry.owner.kind, name: entry.owner.name }, 'sm'),
  );
  card.append(actions);
  return card;
}

/** 「@nobody_9999 はまだ登録されていません」, with registered handles that start with it. */
export function notRegistered(handle: string, completions: readonly string[]): HTMLElement {
  const box = el('div', 'card grid gap-2');
  box.dataset.testid = 'handle-not-registered';
  box.append(el('h3', 'text-lg font-bold', `@${handle} はまだ登録されていません`));
  box.append(
    el(
      'p',
      'text-sm text-gray-700 dark:text-gray-300',
      'この X アカウントの持ち主は、まだセラリンクに旧アカウントとして登録していません。本人に登録をお願いしてみてください。登録されると、この検索で今のアカウントが見つかるようになります。',
    ),
  );
  box.append(watchOffer(handle));
  if (completions.length) box.append(completionList(completions, 'もしかして：'));
  return box;
}

/**
 * 「登録されたら知らせる」: signed out, a link to log in that comes back to
 * this search; in a signed-in browser the upgrade module
 * (src/islands/favorite-button/handle-watches.ts) makes it the button.
 */
function watchOffer(handle: string): HTMLElement {
  const offer = el('div', 'grid gap-1');
  offer.setAttribute(WATCH_ATTR, handle);
  offer.append(
    link(
      loginUrlFor(`${location.pathname}${location.search}`),
      `ログインすると、@${handle} が登録されたときにお知らせを受け取れます`,
      `text-link text-sm ${SIGNED_IN_HIDDEN}`,
    ),
  );
  return offer;
}

/** Registered handles that start with a partial handle. */
export function completionList(completions: readonly string[], label: string): HTMLElement {
  const wrap = el('div', 'grid gap-1');
  wrap.dataset.testid = 'handle-completions';
  wrap.append(el('p', 'text-sm font-bold', label));
  const list = el('ul', 'flex flex-wrap gap-2');
  for (const handle of completions.slice(0, 10)) {
    const item = el('li', '');
    item.append(link(`/search?q=${encodeURIComponent(`@${handle}`)}`, `@${handle}`, 'text-link font-mono'));
    list.append(item);
  }
  wrap.append(list);
  return wrap;
}
