/**
 * Her blogs: filters 下書き / 予約 / 公開中 / 非公開(運営) (with すべて),
 * each blog with its status and date in Tokyo time, 表示 (its public page,
 * once published), 編集 and 削除 (with
 * her confirmation; the pictures go too), 新規作成, and a new blog's
 * unsaved local draft when there is one.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { blogPath } from '../../lib/routes';
import { BLOG_STATUS_LABELS, BLOG_STATUSES, blogStatus, type BlogStatus, type StoredBlog } from '../../lib/blogs/blog';
import { deleteBlog, listMyBlogs } from '../../lib/blogs/client';
import { deleteErrorMessage } from '../../lib/blogs/errors';
import { blogDraftKey, hasContent, isBlogDraft, NEW_BLOG } from '../../lib/blogs/local-draft';
import { dropPendingImages } from '../../lib/blogs/pending-images';
import { readLocalDraft, removeLocalDraft } from '../../lib/forms/local-draft';
import { formatDateTime } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';
import { noticeClass } from '../../lib/ui-parts';
import { Button, LinkButton } from '../ui/Button';
import { StatusBadge } from './StatusBadge';

type Filter = BlogStatus | 'all';

interface Props {
  user: AuthUser;
  onEdit(id: string): void;
}

function dateLine(blog: StoredBlog, status: BlogStatus): string {
  if (status === 'scheduled' && blog.publishAt) return `公開予定 ${formatDateTime(blog.publishAt)}`;
  if (status === 'published' && blog.publishAt) return `公開 ${formatDateTime(blog.publishAt)}`;
  return `更新 ${formatDateTime(blog.updatedAt)}`;
}

export function BlogList({ user, onEdit }: Props) {
  const [blogs, setBlogs] = useState<StoredBlog[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState<Filter>('all');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const newDraftKey = blogDraftKey(user.uid, NEW_BLOG);
  const [newDraft, setNewDraft] = useState(() => {
    const record = readLocalDraft(newDraftKey, isBlogDraft);
    return record && hasContent(record.value.form) ? record : null;
  });

  const load = useCallback(() => {
    setFailed(false);
    listMyBlogs(user.uid).then(setBlogs, () => setFailed(true));
  }, [user.uid]);
  useEffect(load, [load]);

  const remove = async (blog: StoredBlog) => {
    if (!confirm(`「${blog.title}」を削除しますか？画像も削除され、元に戻せません。`)) return;
    setDeleting(blog.id);
    setMessage(null);
    try {
      await deleteBlog(user.uid, blog);
      removeLocalDraft(blogDraftKey(user.uid, blog.id));
      void dropPendingImages(blogDraftKey(user.uid, blog.id));
      setBlogs((current) => current?.filter((kept) => kept.id !== blog.id) ?? null);
      setMessage({ kind: 'success', text: `「${blog.title}」を削除しました。数十秒ほどで公開ページからも消えます。` });
    } catch (error) {
      setMessage({ kind: 'error', text: deleteErrorMessage(error) });
    } finally {
      setDeleting(null);
    }
  };

  const discardNewDraft = () => {
    if (!confirm('保存していない新しい記事の下書きを破棄しますか？')) return;
    removeLocalDraft(newDraftKey);
    void dropPendingImages(newDraftKey);
    setNewDraft(null);
  };

  const now = new Date();
  const withStatus = (blogs ?? []).map((blog) => ({ blog, status: blogStatus(blog, now) }));
  const counts = Object.fromEntries(BLOG_STATUSES.map((status) => [status, withStatus.filter((item) => item.status === status).length]));
  const shown = filter === 'all' ? withStatus : withStatus.filter((item) => item.status === filter);
  const filters: Filter[] = ['all', ...BLOG_STATUSES];

  return (
    <div className="max-w-3xl space-y-4" data-testid="blog-list">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">わたしのブログ</h2>
        <Button variant="primary" onClick={() => onEdit(NEW_BLOG)} data-testid="blog-new">
          新規作成
        </Button>
      </div>

      {newDraft && (
        <div role="status" className={`${noticeClass('warning')} flex flex-wrap items-center justify-between gap-2`}>
          <p>
            保存されていない新しい記事の下書きがあります（「{newDraft.value.form.title.trim() || 'タイトルなし'}」、
            {formatDateTime(new Date(newDraft.savedAt))}）。
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => onEdit(NEW_BLOG)}>
              続きを書く
            </Button>
            <Button variant="secondary" size="sm" onClick={discardNewDraft}>
              破棄
            </Button>
          </div>
        </div>
      )}

      {message && <FormAlert kind={message.kind}>{message.text}</FormAlert>}

      <div role="group" aria-label="表示する記事" className="flex flex-wrap gap-2">
        {filters.map((value) => (
          <Button
            key={value}
            variant="choice"
            aria-current={filter === value}
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {value === 'all' ? 'すべて' : BLOG_STATUS_LABELS[value]}
            {blogs && <span className="ml-1 text-sm tabular-nums">({value === 'all' ? blogs.length : counts[value]})</span>}
          </Button>
        ))}
      </div>

      {failed ? (
        <div className="space-y-3">
          <FormAlert kind="error">記事の一覧を読み込めませんでした。通信状態を確かめて、もう一度お試しください。</FormAlert>
          <Button variant="secondary" onClick={load}>
            もう一度読み込む
          </Button>
        </div>
      ) : !blogs ? (
        <p role="status" className="py-6 text-center text-gray-700 dark:text-gray-300">
          記事を読み込んでいます…
        </p>
      ) : shown.length === 0 ? (
        <p className="card-empty">
          {filter === 'all'
            ? 'まだ記事がありません。「新規作成」から最初の記事を書いてみましょう。'
            : `${BLOG_STATUS_LABELS[filter]}の記事はありません。`}
        </p>
      ) : (
        <ul className="card-list">
          {shown.map(({ blog, status }) => (
            <li key={blog.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="blog-item" data-status={status}>
              <div className="min-w-0 flex-[1_1_14rem] space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={status} />
                  <span className="text-sm text-gray-600 dark:text-gray-400">{dateLine(blog, status)}</span>
                </div>
                <p className="font-medium break-words">{blog.title}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                {status === 'published' && (
                  // The page appears with the next publishing cycle (a few seconds after saving).
                  <LinkButton variant="secondary" size="sm" href={blogPath(blog.id)} aria-label={`「${blog.title}」の公開ページを見る`}>
                    表示
                  </LinkButton>
                )}
                <Button variant="secondary" size="sm" onClick={() => onEdit(blog.id)} aria-label={`「${blog.title}」を編集`}>
                  編集
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  onClick={() => void remove(blog)}
                  busy={deleting === blog.id}
                  busyLabel="削除しています…"
                  disabled={deleting !== null && deleting !== blog.id}
                  aria-label={`「${blog.title}」を削除`}
                >
                  削除
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
