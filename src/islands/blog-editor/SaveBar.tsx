/**
 * The bar under the thumb: the last save's result, 保存 (labelled by what
 * it will do, or by what is under way), 削除 / 破棄, and whether anything
 * is unsaved.
 */
import type { Busy, EditorStatus } from '../../stores/blog-editor/state';
import { FormAlert } from '../forms/FormAlert';
import { ActionBar } from '../ui/ActionBar';
import { Button } from '../ui/Button';
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
            <a href={status.link.href} className="text-link-inherit">
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
    <ActionBar wide="sticky" className="lg:col-span-2">
      <StatusLine status={editor.message} />
      <Button type="submit" variant="primary" busy={busy !== false} busyLabel={busy ? BUSY_LABEL[busy] : null} data-testid="blog-save">
        {submitLabel}
      </Button>
      <Button variant="danger" onClick={() => void editor.remove()} disabled={busy !== false}>
        {stored ? '削除' : '破棄'}
      </Button>
      <span className="text-sm text-gray-600 dark:text-gray-400" data-testid="blog-dirty" aria-live="polite">
        {editor.dirty ? '未保存の変更あり（この端末には自動保存済み）' : stored ? '保存済み' : ''}
      </span>
    </ActionBar>
  );
}
