/**
 * The header of a name search (「みう：12 人」): how many therapists are
 * named exactly like the query, and area chips that narrow the search to
 * one area (the form's エリア filter, so the URL says it and the full-text
 * results narrow too). Chips are buttons with aria-pressed; they wrap at
 * 360 px. Built with DOM calls only.
 */
import type { NameEntry } from '../../lib/search/name-index';
import { compareAreas } from '../../lib/areas';
import { el } from './dom';

/** Areas of the group with how many of it are there, in the site's area order. */
export function areaCounts(group: readonly NameEntry[]): { area: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const entry of group) counts.set(entry.filters.area, (counts.get(entry.filters.area) ?? 0) + 1);
  return [...counts].map(([area, count]) => ({ area, count })).sort((a, b) => compareAreas(a.area, b.area));
}

function chip(label: string, count: number, pressed: boolean, choose: () => void): HTMLLIElement {
  const item = el('li', '');
  const button = el('button', 'chip gap-1');
  button.type = 'button';
  button.setAttribute('aria-pressed', String(pressed));
  button.append(label, el('span', 'tabular-nums', `${count}人`));
  button.addEventListener('click', choose);
  item.append(button);
  return item;
}

/**
 * The header for the therapists named like the query (all areas), or null
 * when there are none; `area` is the area chosen now ('' for all),
 * `chooseArea` narrows the search to one ('' for all).
 */
export function nameGroupHeader(group: readonly NameEntry[], area: string, chooseArea: (area: string) => void): HTMLElement | null {
  const first = group[0];
  if (!first) return null;
  const box = el('section', 'card grid gap-2');
  box.dataset.testid = 'name-group';
  const heading = el('h3', 'text-lg font-bold', `${first.meta.title}：${group.length} 人`);
  heading.id = 'name-group-heading';
  box.setAttribute('aria-labelledby', heading.id);
  box.append(
    heading,
    el(
      'p',
      'text-sm text-gray-700 dark:text-gray-300',
      group.length > 1
        ? '同じ名前のセラピストです。本日出勤、今週出勤、確認済みのアカウント、推しの多さ、新しい日記の順に並べています。'
        : 'この名前のセラピストです。',
    ),
  );
  const areas = areaCounts(group);
  if (areas.length > 1 || area) {
    const chips = el('ul', 'flex flex-wrap gap-2');
    chips.setAttribute('aria-label', 'エリアで絞り込む');
    chips.append(
      chip('すべて', group.length, area === '', () => chooseArea('')),
      ...areas.map((each) => chip(each.area, each.count, each.area === area, () => chooseArea(each.area))),
    );
    box.append(chips);
  }
  return box;
}
