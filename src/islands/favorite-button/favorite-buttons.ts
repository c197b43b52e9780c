/**
 * Turns the static 推し links of a signed-in page into toggles. Her 推し
 * are read once per page view (one query), on the first link that needs
 * them; every button of the same target shows the same state. Her own
 * profile's link is removed: nobody 推す herself.
 */
import { FavoriteError } from '../../lib/favorites/errors';
import { matching } from './dom';
import { SIGNED_IN_HIDDEN, TARGET_ATTR } from './attributes';
import { FAVORITE_LABELS, FAVORITE_MARKS, readTarget, type FavoriteTarget } from './markup';
import { myDocumentIds } from './my-ids';
import { FavoriteToggles, type FavoriteWrites } from './toggles';

const MESSAGE_ATTR = 'data-favorite-message';
const LOAD_FAILED = '推しの状態を読み込めませんでした。通信状態を確かめて、ページを再読み込みしてください。';
const WRITE_FAILED = '推しを変更できませんでした。通信状態を確かめて、もう一度お試しください。';

function failureMessage(error: unknown): string {
  return error instanceof FavoriteError ? error.message : WRITE_FAILED;
}

export class FavoriteButtons {
  private toggles: Promise<FavoriteToggles> | undefined;

  constructor(private readonly uid: string) {}

  /** Upgrades every 推し link in `root` (itself included). */
  upgrade(root: ParentNode): Promise<void>[] {
    return matching(root, `a[${TARGET_ATTR}]`).flatMap((link) => {
      const target = readTarget(link);
      if (!target) return [];
      if (target.uid === this.uid) {
        link.remove();
        return [];
      }
      return [this.upgradeLink(link as HTMLAnchorElement, target)];
    });
  }

  private load(): Promise<FavoriteToggles> {
    this.toggles ??= (async () => {
      const saved = await myDocumentIds(`favorites/${encodeURIComponent(this.uid)}`, 'items');
      // The SDK behind the writes loads on the first tap, while the button already shows it.
      const writes = () => import('./writes').then((module) => module.favoriteWrites(this.uid));
      const lazyWrites: FavoriteWrites = {
        add: async (uid, kind) => (await writes()).add(uid, kind),
        remove: async (uid) => (await writes()).remove(uid),
      };
      return new FavoriteToggles(saved, lazyWrites, {
        show: (uid, on, pending) => this.show(uid, on, pending),
        failed: (uid, error) => this.say(uid, failureMessage(error)),
      });
    })();
    return this.toggles;
  }

  private async upgradeLink(link: HTMLAnchorElement, target: FavoriteTarget): Promise<void> {
    let toggles: FavoriteToggles | null = null;
    try {
      toggles = await this.load();
    } catch {
      // Shown as a button that explains on a tap, rather than a wrong state.
    }
    if (!link.isConnected) return;
    const box = toggleBox(target, link.className.replace(SIGNED_IN_HIDDEN, '').trim());
    const button = box.querySelector('button')!;
    link.replaceWith(box);
    if (!toggles) {
      button.setAttribute('aria-disabled', 'true');
      render(button, false, false);
      button.addEventListener('click', () => this.say(target.uid, LOAD_FAILED));
      return;
    }
    render(button, toggles.isOn(target.uid), false);
    button.addEventListener('click', () => {
      this.say(target.uid, '');
      void toggles.toggle(target.uid, target.kind);
    });
  }

  private buttonsOf(uid: string): HTMLButtonElement[] {
    return [...document.querySelectorAll<HTMLButtonElement>(`button[${TARGET_ATTR}="${CSS.escape(uid)}"]`)];
  }

  private show(uid: string, on: boolean, pending: boolean): void {
    for (const button of this.buttonsOf(uid)) render(button, on, pending);
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

/** ☆ 推しに追加 / ★ 推し中, aria-pressed, and data-pending while a write is under way. */
function render(button: HTMLButtonElement, on: boolean, pending: boolean): void {
  button.setAttribute('aria-pressed', String(on));
  button.querySelector('[data-mark]')!.textContent = on ? FAVORITE_MARKS.on : FAVORITE_MARKS.off;
  button.querySelector('[data-label]')!.textContent = on ? FAVORITE_LABELS.on : FAVORITE_LABELS.off;
  button.toggleAttribute('data-pending', pending);
}
