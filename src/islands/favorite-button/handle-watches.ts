/**
 * 「登録されたら知らせる」 on the search page's "not registered" answer,
 * for a signed-in fan: her watched handles are read once per page view,
 * then the offer shows 登録済み with 解除, or the button that asks. The
 * alerts job tells her (the bell) when the handle is registered.
 */
import { FavoriteError } from '../../lib/favorites/errors';
import { buttonClass } from '../../lib/ui-parts';
import { matching } from './dom';
import { WATCH_ATTR } from './attributes';
import { myDocumentIds } from './my-ids';

const FAILED = '変更できませんでした。通信状態を確かめて、もう一度お試しください。';
const BUTTON_CLASS = {
  ask: buttonClass({ variant: 'primary', size: 'sm' }),
  cancel: buttonClass({ variant: 'secondary', size: 'sm' }),
};

export class HandleWatches {
  private watched: Promise<Set<string>> | undefined;

  constructor(private readonly uid: string) {}

  /** Upgrades every watch offer in `root` (itself included). */
  upgrade(root: ParentNode): Promise<void>[] {
    return matching(root, `[${WATCH_ATTR}]`).map((offer) => this.upgradeOffer(offer as HTMLElement));
  }

  private load(): Promise<Set<string>> {
    this.watched ??= myDocumentIds(`handleWatches/${encodeURIComponent(this.uid)}`, 'handles').then(
      (handles) => new Set(handles),
      // Unknown counts as not watching: asking again is harmless (a watch is added once).
      () => new Set<string>(),
    );
    return this.watched;
  }

  private async upgradeOffer(offer: HTMLElement): Promise<void> {
    const handle = offer.getAttribute(WATCH_ATTR) ?? '';
    const watched = await this.load();
    if (!offer.isConnected || offer.dataset.upgraded) return;
    offer.dataset.upgraded = 'true';

    const status = document.createElement('p');
    status.setAttribute('role', 'status');
    status.className = 'text-sm';
    const button = document.createElement('button');
    button.type = 'button';
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.className = 'text-sm font-medium text-red-700 dark:text-red-300';
    const row = document.createElement('div');
    row.className = 'flex flex-wrap items-center gap-3';
    row.append(button, status);
    offer.replaceChildren(row, message);

    const show = (watching: boolean) => {
      button.className = watching ? BUTTON_CLASS.cancel : BUTTON_CLASS.ask;
      button.textContent = watching ? '解除' : '登録されたら知らせる';
      button.setAttribute('aria-label', watching ? `@${handle} のお知らせを解除` : `@${handle} が登録されたら知らせる`);
      status.textContent = watching
        ? `登録済み：@${handle} が登録されたら、お知らせでお伝えします。`
        : `@${handle} が登録されると、お知らせ（ベル）でお伝えします。`;
    };
    show(watched.has(handle));

    button.addEventListener('click', async () => {
      const watching = watched.has(handle);
      button.disabled = true;
      button.textContent = watching ? '解除しています…' : '登録しています…';
      message.textContent = '';
      try {
        // The Firestore SDK loads on the first tap (see my-ids.ts).
        const writes = (await import('./writes')).watchWrites(this.uid);
        if (watching) {
          await writes.unwatch(handle);
          watched.delete(handle);
        } else {
          await writes.watch(handle);
          watched.add(handle);
        }
      } catch (error) {
        message.textContent = error instanceof FavoriteError ? error.message : FAILED;
      }
      button.disabled = false;
      show(watched.has(handle));
    });
  }
}
