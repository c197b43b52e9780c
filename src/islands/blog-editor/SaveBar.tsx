/**
 * The bar under the thumb: the last save's result, 保存 (labelled by what
 * it will do, or by what is under way), 削除 / 破棄, and whether anything
 * is unsaved.
 */
import type { Busy, EditorStatus } from '../../stores/blog-editor/state';
import { FormAlert } from '../forms/FormAlert';
import { actionBar, dangerButton, primaryButton } from './ui';
import type { BlogEditorState } from './use-blog-editor';

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

export function SaveBar({ editor }: { editor: BlogEditorState }) {
  const { form, busy, stored } = editor;
  const isPublic = editor.blogState === 'published';
  const submitLabel =
    form.mode === 'draft' ? '下書きを保存' : form.mode === 'scheduled' ? '予約して保存' : isPublic ? '保存する' : '公開する';
  return (
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
  );
}
