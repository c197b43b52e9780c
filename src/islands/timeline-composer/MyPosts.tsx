/** Her recent posts under the composer, newest first, each with 削除. */
import { useCallback, useEffect, useState } from 'react';
import { deleteErrorMessage } from '../../lib/blogs/errors';
import { deletePost, listMyPosts, type StoredPost } from '../../lib/posts/client';
import { formatDateTime } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';

/** Her posts as loaded once (null while loading), with a retry and the composer's additions. */
export function useMyPosts(uid: string) {
  const [posts, setPosts] = useState<StoredPost[] | null>(null);
  const [listFailed, setListFailed] = useState(false);
  const load = useCallback(() => {
    setListFailed(false);
    listMyPosts(uid).then(setPosts, () => setListFailed(true));
  }, [uid]);
  useEffect(load, [load]);
  return {
    posts,
    listFailed,
    load,
    added: (post: StoredPost) => setPosts((current) => [post, ...(current ?? [])]),
    removed: (id: string) => setPosts((current) => current?.filter((kept) => kept.id !== id) ?? null),
  };
}

/** The section 「わたしの最近の投稿」: loading, failure with a retry, empty, or the list. */
export function MyPosts({ uid, headingId, mine }: { uid: string; headingId: string; mine: ReturnType<typeof useMyPosts> }) {
  const { posts, listFailed, load, removed } = mine;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-bold">
        わたしの最近の投稿
      </h2>
      {listFailed ? (
        <div className="space-y-2">
          <FormAlert kind="error">投稿を読み込めませんでした。通信状態を確かめて、もう一度お試しください。</FormAlert>
          <Button variant="secondary" onClick={load}>
            もう一度読み込む
          </Button>
        </div>
      ) : !posts ? (
        <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
          読み込んでいます…
        </p>
      ) : posts.length === 0 ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">まだ投稿がありません。</p>
      ) : (
        <ul className="space-y-3">
          {posts.map((post) => (
            <MyPost key={post.id} uid={uid} post={post} onDeleted={() => removed(post.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One of her posts: when, the text, its pictures, 削除. */
function MyPost({ uid, post, onDeleted }: { uid: string; post: StoredPost; onDeleted(): void }) {
  const [urls, setUrls] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (post.images.length === 0) return;
    let live = true;
    void import('../../lib/content-images').then(({ contentImageUrl }) =>
      Promise.all(post.images.map((slot) => contentImageUrl('posts', uid, post.id, slot).catch(() => ''))).then(
        (found) => live && setUrls(found),
      ),
    );
    return () => {
      live = false;
    };
  }, [uid, post.id, post.images]);

  const remove = async () => {
    if (!confirm('この投稿を削除しますか？画像も削除され、元に戻せません。')) return;
    setDeleting(true);
    setError('');
    try {
      await deletePost(uid, post);
      onDeleted();
    } catch (failure) {
      setError(deleteErrorMessage(failure));
      setDeleting(false);
    }
  };

  return (
    <li className="card space-y-2" data-testid="my-post">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600 dark:text-gray-400">
          <time dateTime={post.createdAt.toISOString()}>{formatDateTime(post.createdAt)}</time>
          {post.hidden && <span className="ml-2 font-bold text-red-700 dark:text-red-300">運営により非公開</span>}
        </p>
        <Button variant="danger" size="sm" onClick={() => void remove()} disabled={deleting} aria-label="この投稿を削除">
          {deleting ? '削除しています…' : '削除'}
        </Button>
      </div>
      <p className="break-words whitespace-pre-wrap">{post.text}</p>
      {urls.some(Boolean) && (
        <ul className="grid grid-cols-4 gap-2">
          {urls.map((url, index) =>
            url ? (
              <li key={index}>
                <img
                  src={url}
                  alt={`画像 ${index + 1}`}
                  loading="lazy"
                  className="aspect-square w-full rounded bg-gray-100 object-cover dark:bg-gray-800"
                />
              </li>
            ) : null,
          )}
        </ul>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </li>
  );
}
