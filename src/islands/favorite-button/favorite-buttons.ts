/**
 * Turns the static 推し links of a signed-in page into toggles. Her 推し
 * are read once per page view (one query), on the first link that needs
 * them; every button of the same target shows the same state. Her own
 * profile's link is removed: nobody 推す herself. When that read fails
 * (a phone between stations), the buttons say 「↻ 推しの状態を読み込む」
 * rather than guess, and a tap asks again for every target not known yet:
 * once it answers they show the saved state, and the next tap toggles.
 */
import { FavoriteError } from '../../lib/favorites/errors';
import { matching } from './dom';
import { SIGNED_IN_HIDDEN, TARGET_ATTR } from './attributes';
import { FAVORITE_LABELS, FAVORITE_MARKS, readTarget, type FavoriteShown, type FavoriteTarget } from './markup';
import { IN_QUERY_LIMIT, myFavoritesAmong } from './my-ids';
import { FavoriteToggles, type FavoriteWrites } from './toggles';

const MESSAGE_ATTR = 'data-favorite-message';
const LOAD_FAILED = '推しの状態を読み込めませんでした。通信状態を確かめて、もう一度タップしてください。';
const WRITE_FAILED = '推しを変更できませんでした。通信状態を確かめて、もう一度お試しください。';

function failureMessage(error: unknown): string {
  return error instanceof FavoriteError ? error.message : WRITE_FAILED;
}

export class FavoriteButtons {
  private readonly toggles: FavoriteToggles;
  /** The lookup that tells each target's saved state, by target uid. */
  private readonly lookups = new Map<string, Promise<void>>();
  /** Targets whose lookup failed: their buttons wait for a tap to ask again. */
  private readonly unknown = new Set<string>();
  /** The lookup a tap on an unknown target started, while it is under way. */
  private asking: Promise<void> | null = null;

  constructor(private readonly uid: string) {
    // The SDK behind the writes loads on the first tap, while the button already shows it.
    const writes = () => import('./writes').then((module) => module.favoriteWrites(uid));
    const lazyWrites: FavoriteWrites = {
      add: async (target, kind) => (await writes()).add(target, kind),
      remove: async (target) => (await writes()).remove(target),
    };
    this.toggles = new FavoriteToggles([], lazyWrites, {
      show: (target, on, pending) => this.show(target, on, pending),
      failed: (target, error) => this.say(target, failureMessage(error)),
    });
  }

  /** Upgrades every 推し link in `root` (itself included). */
  upgrade(root: ParentNode): Promise<void>[] {
    const links = matching(root, `a[${TARGET_ATTR}]`).flatMap((link) => {
      const target = readTarget(link);
      if (!target) return [];
      if (target.uid === this.uid) {
        link.remove();
        return [];
      }
      return [{ link: link as HTMLAnchorElement, target }];
    });
    this.lookUp([...new Set(links.map(({ target }) => target.uid))]);
    return links.map(({ link, target }) => this.upgradeLink(link, target));
  }

  /** Asks which of the targets not asked about yet are my 推し, IN_QUERY_LIMIT to a query. */
  private lookUp(targets: string[]): void {
    const fresh = targets.filter((target) => !this.lookups.has(target));
    for (let i = 0; i < fresh.length; i += IN_QUERY_LIMIT) {
      const chunk = fresh.slice(i, i + IN_QUERY_LIMIT);
      const lookup = myFavoritesAmong(this.uid, chunk).then((saved) => this.toggles.know(saved));
      for (const target of chunk) this.lookups.set(target, lookup);
    }
  }

  private async upgradeLink(link: HTMLAnchorElement, target: FavoriteTarget): Promise<void> {
    await this.settled(target.uid);
    if (!link.isConnected) return;
    const box = toggleBox(target, link.className.replace(SIGNED_IN_HIDDEN, '').trim());
    const button = box.querySelector('button')!;
    link.replaceWith(box);
    this.showSaved(button, target.uid);
    button.addEventListener('click', () => void this.tap(target));
  }

  /** Waits for the lookup of `uid`; a failed one leaves it unknown. */
  private async settled(uid: string): Promise<void> {
    try {
      await this.lookups.get(uid);
      this.unknown.delete(uid);
    } catch {
      this.unknown.add(uid);
    }
  }

  private async tap(target: FavoriteTarget): Promise<void> {
    if (!this.unknown.has(target.uid)) {
      this.say(target.uid, '');
      await this.toggles.toggle(target.uid, target.kind);
      return;
    }
    await (this.asking ??= this.askAgain().finally(() => (this.asking = null)));
  }

  /** Asks again about every unknown target and shows what is now known; the rest keep waiting, with the reason. */
  private async askAgain(): Promise<void> {
    const targets = [...this.unknown];
    for (const target of targets) this.lookups.delete(target);
    this.lookUp(targets);
    await Promise.all(targets.map((target) => this.settled(target)));
    for (const target of targets) {
      for (const button of this.buttonsOf(target)) this.showSaved(button, target);
      this.say(target, this.unknown.has(target) ? LOAD_FAILED : '');
    }
  }

  /** The saved state, or that it is unknown. */
  private showSaved(button: HTMLButtonElement, uid: string): void {
    render(button, this.unknown.has(uid) ? 'unknown' : shownOf(this.toggles.isOn(uid)), false);
  }

  private buttonsOf(uid: string): HTMLButtonElement[] {
    return [...document.querySelectorAll<HTMLButtonElement>(`button[${TARGET_ATTR}="${CSS.escape(uid)}"]`)];
  }

  private show(uid: string, on: boolean, pending: boolean): void {
    for (const button of this.buttonsOf(uid)) render(button, shownOf(on), pending);
  }

  private say(uid: string, message: string): void {
    for (const button of this.buttonsOf(uid)) {
      const slot = button.parentElement?.querySelector(`[${MESSAGE_ATTR}]`);
      if (slot) slot.textContent = message;
    }
  }
}

/** The toggle and the slot for its error message, in one inline box. */
function toggleBox(target: FavoriteTarget, className: string): HTMLElement {
  const box = document.createElement('span');
  box.className = 'inline-flex flex-wrap items-center gap-x-2 gap-y-1';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.setAttribute(TARGET_ATTR, target.uid);
  button.dataset.testid = 'favorite-toggle';
  const mark = document.createElement('span');
  mark.setAttribute('aria-hidden', 'true');
  mark.dataset.mark = '';
  const name = document.createElement('span');
  name.className = 'sr-only';
  name.textContent = `${target.name} `;
  const label = document.createElement('span');
  label.dataset.label = '';
  button.append(mark, name, label);
  const message = document.createElement('span');
  message.setAttribute(MESSAGE_ATTR, '');
  message.setAttribute('role', 'alert');
  message.className = 'text-sm text-red-700 dark:text-red-300';
  box.append(button, message);
  return box;
}

const shownOf = (on: boolean): FavoriteShown => (on ? 'on' : 'off');

/** ☆ 推しに追加 / ★ 推し中 (aria-pressed) / ↻ 推しの状態を読み込む (not a toggle yet), and data-pending while a write is under way. */
function render(button: HTMLButtonElement, shown: FavoriteShown, pending: boolean): void {
  if (shown === 'unknown') button.removeAttribute('aria-pressed');
  else button.setAttribute('aria-pressed', String(shown === 'on'));
  button.querySelector('[data-mark]')!.textContent = FAVORITE_MARKS[shown];
  button.querySelector('[data-label]')!.textContent = FAVORITE_LABELS[shown];
  button.toggleAttribute('data-pending', pending);
}
