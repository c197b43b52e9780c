/**
 * One blog, new or stored: title, tags, the Markdown body with its
 * toolbar-lite, pictures, 公開設定 and the live preview (beside the form
 * from 1024 px, behind 編集 / プレビュー tabs on a phone), with the save
 * bar under the thumb. State and saving live in the editor's store
 * (src/stores/blog-editor/), read through use-blog-editor.ts.
 */
import { useId, useRef, useState, type RefObject } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { BLOG_STATUS_LABELS } from '../../lib/blogs/blog';
import { parseTags } from '../../lib/profile/tag-input';
import type { Selection } from '../../stores/blog-editor/state';
import { FormAlert } from '../forms/FormAlert';
import { EditFields } from './EditFields';
import { ConflictCard, HiddenNotice, OtherTabNotice, RestoreOfferCard } from './EditorNotices';
import { MarkdownPreview } from './MarkdownPreview';
import { SaveBar } from './SaveBar';
import { badge, card, primaryButton, secondaryButton, STATUS_BADGE } from './ui';
import { useBlogEditor, type BlogEditorState } from './use-blog-editor';

interface Props {
  user: AuthUser;
  /** The blog's id, or NEW_BLOG. */
  id: string;
  onBack(): void;
  onIdAssigned(id: string): void;
  /** Open a new blog (the kept draft of one deleted elsewhere). */
  onEditNew(): void;
}

type Pane = 'edit' | 'preview';

export function BlogEditor({ user, id, onBack, onIdAssigned, onEditNew }: Props) {
  const formElement = useRef<HTMLFormElement>(null);
  const editor = useBlogEditor({ user, initialId: id, onIdAssigned, onClosed: onBack, formElement });

  if (editor.phase === 'loading') {
    return (
      <p role="status" className="py-10 text-center text-gray-700 dark:text-gray-300">
        記事を読み込んでいます…
      </p>
    );
  }
  if (editor.phase === 'failed') return <LoadFailed onRetry={editor.retry} onBack={onBack} />;
  if (editor.phase === 'missing') {
    const keep = () => {
      editor.keepOrphanAsNew();
      onEditNew();
    };
    return <BlogMissing onKeepDraft={editor.orphanDraft ? keep : null} onBack={onBack} />;
  }
  if (editor.phase === 'offer' && editor.offer) {
    return <RestoreOfferCard offer={editor.offer} onRestore={() => void editor.restore()} onDiscard={editor.discardDraft} />;
  }
  return <OpenEditor editor={editor} user={user} onBack={onBack} formElement={formElement} />;
}

function LoadFailed({ onRetry, onBack }: { onRetry(): void; onBack(): void }) {
  return (
    <div className="space-y-3">
      <FormAlert kind="error">記事を読み込めませんでした。通信状態を確かめて、もう一度お試しください。</FormAlert>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={onRetry}>
          もう一度読み込む
        </button>
        <button type="button" className={secondaryButton} onClick={onBack}>
          記事の一覧へ
        </button>
      </div>
    </div>
  );
}

/** The blog is gone; a draft of it still in this browser may be kept as a new blog (`onKeepDraft`, null when none). */
function BlogMissing({ onKeepDraft, onBack }: { onKeepDraft: (() => void) | null; onBack(): void }) {
  return (
    <div className="space-y-3" data-testid="blog-missing">
      <FormAlert kind="error">この記事は見つかりませんでした。削除されたか、別のアカウントの記事です。</FormAlert>
      <div className="flex flex-wrap gap-2">
        {onKeepDraft && (
          <button type="button" className={primaryButton} onClick={onKeepDraft}>
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

interface OpenEditorProps {
  editor: BlogEditorState;
  user: AuthUser;
  onBack(): void;
  formElement: RefObject<HTMLFormElement | null>;
}

/** The loaded editor: its heading and notices, the phone's tabs, and the form with its preview and save bar. */
function OpenEditor({ editor, user, onBack, formElement }: OpenEditorProps) {
  // Before she has put the cursor in the body, a picture goes at its end (insertAt clamps).
  const selection = useRef<Selection>({ start: Number.MAX_SAFE_INTEGER, end: Number.MAX_SAFE_INTEGER });
  const tabsId = useId();
  const [pane, setPane] = useState<Pane>('edit');
  const { form } = editor;
  const tags = parseTags(form.tagsText);
  const editHidden = pane === 'edit' ? '' : 'hidden lg:block';
  const previewHidden = pane === 'preview' ? '' : 'hidden lg:block';

  return (
    <div className="space-y-4" data-testid="blog-editor">
      <EditorHeader editor={editor} onBack={onBack} />
      <PaneTabs tabsId={tabsId} pane={pane} onPane={setPane} />

      <form
        ref={formElement}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void editor.save();
        }}
        className="grid gap-6 lg:grid-cols-2 lg:items-start"
      >
        <EditFields
          editor={editor}
          user={user}
          tags={tags}
          selection={selection}
          id={`${tabsId}-edit`}
          labelledBy={`${tabsId}-edit-tab`}
          hidden={editHidden}
        />

        <div
          id={`${tabsId}-preview`}
          role="tabpanel"
          aria-labelledby={`${tabsId}-preview-tab`}
          className={`${card} lg:sticky lg:top-20 lg:max-h-[calc(100dvh-11rem)] lg:overflow-y-auto ${previewHidden}`}
        >
          <p className="mb-3 text-sm font-bold text-gray-600 dark:text-gray-400">プレビュー（公開ページと同じ表示）</p>
          <MarkdownPreview title={form.title} body={form.body} tags={tags} cover={form.cover} imageUrl={editor.imageUrl} />
        </div>

        <SaveBar editor={editor} />
      </form>
    </div>
  );
}

/** 記事の一覧へ, the heading with the blog's status, and what she must know before editing on. */
function EditorHeader({ editor, onBack }: { editor: BlogEditorState; onBack(): void }) {
  const { blogState, busy } = editor;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButton} onClick={onBack}>
          <span aria-hidden="true">←</span> 記事の一覧へ
        </button>
        <h2 className="text-xl font-bold">{editor.stored ? '記事を編集' : '新しい記事'}</h2>
        {blogState && (
          <span className={`${badge} ${STATUS_BADGE[blogState]}`} data-testid="blog-editor-state">
            {BLOG_STATUS_LABELS[blogState]}
          </span>
        )}
      </div>
      {blogState === 'hidden' && <HiddenNotice />}
      {editor.otherTab && <OtherTabNotice draft={editor.otherTab} onTake={editor.takeOtherTab} onDismiss={editor.dismissOtherTab} />}
      {editor.conflict && (
        <ConflictCard
          theirs={editor.conflict}
          busy={busy !== false}
          onLoadTheirs={editor.loadTheirs}
          onOverwrite={() => void editor.save(true)}
        />
      )}
    </>
  );
}

/** 編集 / プレビュー on a phone (from 1024 px both show side by side). */
function PaneTabs({ tabsId, pane, onPane }: { tabsId: string; pane: Pane; onPane(pane: Pane): void }) {
  return (
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
          onClick={() => onPane(value)}
          className="min-h-11 cursor-pointer rounded-md font-medium aria-selected:bg-white aria-selected:shadow dark:aria-selected:bg-gray-950"
        >
          {value === 'edit' ? '編集' : 'プレビュー'}
        </button>
      ))}
    </div>
  );
}
