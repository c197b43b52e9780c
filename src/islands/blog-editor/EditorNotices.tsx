/**
 * What the editor has to tell her beyond a save's result: a local draft to
 * restore, a version saved elsewhere, another tab typing into the same
 * draft, a blog the operator has hidden.
 */
import type { StoredBlog } from '../../lib/blogs/blog';
import type { BlogDraft } from '../../lib/blogs/local-draft';
import { formatDateTime } from '../../lib/tokyo-date';
import type { RestoreOffer } from '../../stores/blog-editor/state';
import { primaryButton, secondaryButton } from './ui';

const warningBox =
  'space-y-3 rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-50';

const excerpt = (text: string, length = 80) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** 保存されていない下書きがあります — 復元 / 破棄, before the form opens. */
export function RestoreOfferCard({ offer, onRestore, onDiscard }: { offer: RestoreOffer; onRestore(): void; onDiscard(): void }) {
  const { form } = offer.draft;
  return (
    <section
      role="alertdialog"
      aria-labelledby="restore-heading"
      aria-describedby="restore-text"
      className={warningBox}
      data-testid="blog-restore-offer"
    >
      <h2 id="restore-heading" className="text-lg font-bold">
        保存されていない下書きがあります
      </h2>
      <div id="restore-text" className="space-y-1 text-sm">
        <p>
          この端末に {formatDateTime(new Date(offer.savedAt))} まで入力していた内容が残っています。
          {offer.storedChanged && ' そのあと、この記事は別のタブまたは端末で保存されています。復元すると、次に保存するときに確認します。'}
        </p>
        <p className="font-medium break-words">「{form.title.trim() || '（タイトルなし）'}」</p>
        {form.body.trim() && <p className="break-words whitespace-pre-wrap text-amber-900 dark:text-amber-100">{excerpt(form.body)}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={primaryButton} onClick={onRestore} autoFocus>
          復元
        </button>
        <button type="button" className={secondaryButton} onClick={onDiscard}>
          破棄
        </button>
      </div>
    </section>
  );
}

/** The save found another version: load theirs, or overwrite with hers. */
export function ConflictCard({
  theirs,
  busy,
  onLoadTheirs,
  onOverwrite,
}: {
  theirs: StoredBlog;
  busy: boolean;
  onLoadTheirs(): void;
  onOverwrite(): void;
}) {
  return (
    <section role="alert" aria-labelledby="conflict-heading" className={warningBox} data-testid="blog-conflict">
      <h2 id="conflict-heading" className="text-lg font-bold">
        別のタブまたは端末でこの記事が更新されています
      </h2>
      <p className="text-sm">
        {formatDateTime(theirs.updatedAt)} に保存された「{theirs.title}」があります。このまま保存すると、その内容は失われます。
        どちらを残すか選んでください（この画面の内容はこの端末の下書きにも残っています）。
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={onLoadTheirs} disabled={busy}>
          相手の内容を読み込む
        </button>
        <button type="button" className={primaryButton} onClick={onOverwrite} aria-disabled={busy || undefined} disabled={busy}>
          自分の内容で上書き
        </button>
      </div>
    </section>
  );
}

/** Another tab wrote this blog's draft (the storage event). */
export function OtherTabNotice({ draft, onTake, onDismiss }: { draft: BlogDraft; onTake(): void; onDismiss(): void }) {
  return (
    <section role="alert" className={warningBox} data-testid="blog-other-tab">
      <p className="font-bold">別のタブでもこの記事を編集しています。</p>
      <p className="text-sm">
        両方で編集すると、片方の変更が失われることがあります。別のタブの内容（「{draft.form.title.trim() || 'タイトルなし'}
        」）をこちらに読み込むか、どちらかのタブを閉じてください。
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={onTake}>
          別のタブの内容を読み込む
        </button>
        <button type="button" className={secondaryButton} onClick={onDismiss}>
          このタブで続ける
        </button>
      </div>
    </section>
  );
}

/** The operator hid this blog. */
export function HiddenNotice() {
  return (
    <div
      role="status"
      data-testid="blog-hidden-notice"
      className="space-y-1 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-bold">この記事は運営により非公開になっています。</p>
      <p>公開ページには表示されません。編集や削除はできます。心当たりがない場合は、運営までお問い合わせください。</p>
    </div>
  );
}
