/**
 * One blog, new or stored: title, tags, the Markdown body with its
 * toolbar-lite, pictures, 公開設定 and the live preview (beside the form
 * from 1024 px, behind 編集 / プレビュー tabs on a phone), with the save
 * bar under the thumb. State and saving live in use-blog-editor.ts.
 */
import { useCallback, useId, useRef, useState } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { BLOG_STATUS_LABELS } from '../../lib/blogs/blog';
import { BLOG_TITLE_MAX } from '../../lib/blogs/limits';
import { parseTags, tagsToText } from '../../lib/profile/tag-input';
import { FormAlert } from '../forms/FormAlert';
import { TagsField } from '../forms/TagsField';
import { TextField } from '../forms/TextField';
import { BodyField } from './BodyField';
import { ConflictCard, HiddenNotice, OtherTabNotice, RestoreOfferCard } from './EditorNotices';
import { MarkdownPreview } from './MarkdownPreview';
import { PicturesPanel } from './PicturesPanel';
import { PublishSettings } from './PublishSettings';
import { actionBar, badge, card, dangerButton, primaryButton, secondaryButton, STATUS_BADGE } from './ui';
import { useBlogEditor, type Busy, type EditorStatus, type Selection } from './use-blog-editor';

interface Props {
  user: AuthUser;
  /** The blog's id, or NEW_BLOG. */
  id: string;
  onBack(): void;
  onIdAssigned(id: string): void;
  /** Open a new blog (the kept draft of one deleted elsewhere). */
  onEditNew(): void;
}

const BUSY_LABEL: Record<Exclude<Busy, false>, string> = {
  preparing: '画像を準備しています…',
  uploading: '画像をアップロードしています…',
  saving: '保存しています…',
  deleting: '削除しています…',
};

function StatusLine({ status }: { status: EditorStatus | null }) {
  if (!status) return null;
  return (
    <div data-testid="blog-status" data-status={status.kind} className="w-full">
      <FormAlert kind={status.kind}>
        <p>{status.text}</p>
        {status.link && (
          <p className="mt-1">
            <a href={status.link.href} className="font-bold underline underline-offset-2">
              {status.link.label}
            </a>
          </p>
        )}
      </FormAlert>
    </div>
  );
}

export function BlogEditor({ user, id, onBack, onIdAssigned, onEditNew }: Props) {
  const formElement = useRef<HTMLFormElement>(null);
  // Before she has put the cursor in the body, a picture goes at its end (insertAt clamps).
  const selection = useRef<Selection>({ start: Number.MAX_SAFE_INTEGER, end: Number.MAX_SAFE_INTEGER });
  const tabsId = useId();
  const [pane, setPane] = useState<'edit' | 'preview'>('edit');
  const editor = useBlogEditor({ user, initialId: id, onIdAssigned, onClosed: onBack, formElement });
  const { form, errors, busy } = editor;
  const clearCursor = editor.clearCursor;
  const onCursorApplied = useCallback(() => clearCursor(), [clearCursor]);

  if (editor.phase === 'loading') {
    return (
      <p role="status" className="py-10 text-center text-gray-700 dark:text-gray-300">
        記事を読み込んでいます…
      </p>
    );
  }
  if (editor.phase === 'failed') {
    return (
      <div className="space-y-3">
        <FormAlert kind="error">記事を読み込めませんでした。通信状態を確かめて、もう一度お試しください。</FormAlert>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButton} onClick={editor.retry}>
            もう一度読み込む
          </button>
          <button type="button" className={secondaryButton} onClick={onBack}>
            記事の一覧へ
          </button>
        </div>
      </div>
    );
  }
  if (editor.phase === 'missing') {
    return (
      <div className="space-y-3" data-testid="blog-missing">
        <FormAlert kind="error">この記事は見つかりませんでした。削除されたか、別のアカウントの記事です。</FormAlert>
        <div className="flex flex-wrap gap-2">
          {editor.orphanDraft && (
            <button
              type="button"
              className={primaryButton}
              onClick={() => {
                editor.keepOrphanAsNew();
                onEditNew();
              }}
            >
              この端末に残っている下書きを新しい記事として開く
            </button>
          )}
          <button type="button" className={secondaryButton} onClick={onBack}>
            記事の一覧へ
          </button>
        </div>
      </div>
    );
  }
  if (editor.phase === 'offer' && editor.offer) {
    return <RestoreOfferCard offer={editor.offer} onRestore={() => void editor.restore()} onDiscard={editor.discardDraft} />;
  }

  const stored = editor.stored;
  const isPublic = editor.blogState === 'published';
  const tags = parseTags(form.tagsText);
  const unsaved = new Set([...editor.pending].filter(([, picture]) => !picture.uploaded).map(([slot]) => slot));
  const submitLabel =
    form.mode === 'draft' ? '下書きを保存' : form.mode === 'scheduled' ? '予約して保存' : isPublic ? '保存する' : '公開する';
  const editHidden = pane === 'edit' ? '' : 'hidden lg:block';
  const previewHidden = pane === 'preview' ? '' : 'hidden lg:block';

  return (
    <div className="space-y-4" data-testid="blog-editor">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButton} onClick={onBack}>
          <span aria-hidden="true">←</span> 記事の一覧へ
        </button>
        <h2 className="text-xl font-bold">{stored ? '記事を編集' : '新しい記事'}</h2>
        {editor.blogState && (
          <span className={`${badge} ${STATUS_BADGE[editor.blogState]}`} data-testid="blog-editor-state">
            {BLOG_STATUS_LABELS[editor.blogState]}
          </span>
        )}
      </div>
      {editor.blogState === 'hidden' && <HiddenNotice />}
      {editor.otherTab && <OtherTabNotice draft={editor.otherTab} onTake={editor.takeOtherTab} onDismiss={editor.dismissOtherTab} />}
      {editor.conflict && (
        <ConflictCard
          theirs={editor.conflict}
          busy={busy !== false}
          onLoadTheirs={editor.loadTheirs}
          onOverwrite={() => void editor.save(true)}
        />
      )}

      <div
        role="tablist"
        aria-label="表示の切り替え"
        className="grid grid-cols-2 gap-1 rounded-lg bg-gray-100 p-1 lg:hidden dark:bg-gray-800"
      >
        {(['edit', 'preview'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${tabsId}-${value}-tab`}
            aria-selected={pane === value}
            aria-controls={`${tabsId}-${value}`}
            onClick={() => setPane(value)}
            className="min-h-11 cursor-pointer rounded-md font-medium aria-selected:bg-white aria-selected:shadow dark:aria-selected:bg-gray-950"
          >
            {value === 'edit' ? '編集' : 'プレビュー'}
          </button>
        ))}
      </div>

      <form
        ref={formElement}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void editor.save();
        }}
        className="grid gap-6 lg:grid-cols-2 lg:items-start"
      >
        <div id={`${tabsId}-edit`} role="tabpanel" aria-labelledby={`${tabsId}-edit-tab`} className={`space-y-5 ${editHidden}`}>
          <TextField
            name="title"
            label="タイトル"
            required
            value={form.title}
            error={errors.title}
            onChange={(event) => editor.setField('title', event.target.value)}
            hint={
              <span className={form.title.trim().length > BLOG_TITLE_MAX ? 'font-bold text-red-700 dark:text-red-300' : undefined}>
                {form.title.trim().length} / {BLOG_TITLE_MAX} 文字
              </span>
            }
          />
          <TagsField
            name="tags"
            label="タグ"
            value={form.tagsText}
            tags={tags}
            error={errors.tags}
            hint="「、」やスペースで区切って 10 個まで（1 つ 20 文字まで）"
            onChange={(text) => editor.setField('tagsText', text, 'tags')}
            onRemove={(tag) => editor.setField('tagsText', tagsToText(tags.filter((kept) => kept !== tag)), 'tags')}
          />
          <BodyField
            value={form.body}
            error={errors.body}
            pictureCount={form.images.length}
            busy={busy !== false}
            cursor={editor.cursor}
            onCursorApplied={onCursorApplied}
            onChange={(value) => editor.setField('body', value)}
            onPictures={(files, at) => void editor.addPictures(files, at)}
            selection={selection}
          />
          <PicturesPanel
            images={form.images}
            cover={form.cover}
            imageUrl={editor.imageUrl}
            unsaved={unsaved}
            busy={busy !== false}
            error={editor.pictureError}
            fieldError={errors.images}
            onAdd={(files) => void editor.addPictures(files)}
            onCover={(slot) => editor.setField('cover', slot)}
            onInsert={(slot) => editor.insertPicture(slot, selection.current)}
            onRemove={editor.removePicture}
          />
          <PublishSettings
            user={user}
            mode={form.mode}
            publishAt={form.publishAt}
            isPublic={isPublic}
            modeError={errors.mode}
            publishAtError={errors.publishAt}
            onMode={(mode) => editor.setField('mode', mode)}
            onPublishAt={(value) => editor.setField('publishAt', value)}
          />
        </div>

        <div
          id={`${tabsId}-preview`}
          role="tabpanel"
          aria-labelledby={`${tabsId}-preview-tab`}
          className={`${card} lg:sticky lg:top-20 lg:max-h-[calc(100dvh-11rem)] lg:overflow-y-auto ${previewHidden}`}
        >
          <p className="mb-3 text-sm font-bold text-gray-600 dark:text-gray-400">プレビュー（公開ページと同じ表示）</p>
          <MarkdownPreview title={form.title} body={form.body} tags={tags} cover={form.cover} imageUrl={editor.imageUrl} />
        </div>

        <div className={`${actionBar} lg:col-span-2`}>
          <StatusLine status={editor.message} />
          <button type="submit" className={primaryButton} aria-disabled={busy !== false || undefined} data-testid="blog-save">
            {busy ? BUSY_LABEL[busy] : submitLabel}
          </button>
          <button type="button" className={dangerButton} onClick={() => void editor.remove()} disabled={busy !== false}>
            {stored ? '削除' : '破棄'}
          </button>
          <span className="text-sm text-gray-600 dark:text-gray-400" data-testid="blog-dirty" aria-live="polite">
            {editor.dirty ? '未保存の変更あり（この端末には自動保存済み）' : stored ? '保存済み' : ''}
          </span>
        </div>
      </form>
    </div>
  );
}
