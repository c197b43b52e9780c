/**
 * The timeline composer: a short post (≤ 500 characters) with up to four
 * pictures (resized in the browser to ≤ 1600 px WebP), for a therapist or
 * store with a verified email; the text is kept as a local draft while she
 * types. Under it her recent posts, newest first, each with 削除.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { fileProblem } from '../../lib/avatar/limits';
import { ImageError, prepareImage } from '../../lib/avatar/resize';
import { contentSaveErrorMessage, deleteErrorMessage, OFFLINE_MESSAGE } from '../../lib/blogs/errors';
import { CONTENT_IMAGE_MAX_SIDE, MAX_CONTENT_IMAGE_BYTES } from '../../lib/blogs/limits';
import { readLocalDraft, removeLocalDraft, writeLocalDraft } from '../../lib/forms/local-draft';
import { createPost, deletePost, listMyPosts, type StoredPost } from '../../lib/posts/client';
import { isPostDraft, postDraftKey, postProblem, postText } from '../../lib/posts/compose';
import { MAX_POST_IMAGES, POST_TEXT_MAX } from '../../lib/posts/limits';
import { formatDateTime } from '../../lib/tokyo-date';
import { buttonClass } from '../../lib/ui-parts';
import { EmailVerification } from '../account/EmailVerification';
import { FormAlert } from '../forms/FormAlert';
import { TextAreaField } from '../forms/TextAreaField';
import { Button } from '../ui/Button';

interface Picture {
  blob: Blob;
  url: string;
}

type Busy = false | 'preparing' | 'uploading' | 'saving';
const BUSY_LABEL: Record<Exclude<Busy, false>, string> = {
  preparing: '画像を準備しています…',
  uploading: '画像をアップロードしています…',
  saving: '投稿しています…',
};

export function TimelineComposer({ user }: { user: AuthUser }) {
  const key = postDraftKey(user.uid);
  const inputId = useId();
  const [text, setText] = useState(() => readLocalDraft(key, isPostDraft)?.value ?? '');
  const [restored] = useState(() => text.trim() !== '');
  const [pictures, setPictures] = useState<Picture[]>([]);
  const picturesRef = useRef(pictures);
  picturesRef.current = pictures;
  const [busy, setBusy] = useState<Busy>(false);
  const [error, setError] = useState('');
  const [sendError, setSendError] = useState('');
  const [pictureError, setPictureError] = useState('');
  const [done, setDone] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);

  // The text is kept in this browser as she types (a reload, a crash, a failed post lose nothing).
  useEffect(() => {
    const timer = setTimeout(() => (text.trim() ? writeLocalDraft(key, text) : removeLocalDraft(key)), 500);
    return () => clearTimeout(timer);
  }, [key, text]);

  const unsaved = text.trim() !== '' || pictures.length > 0;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  useEffect(
    () => () => {
      for (const picture of picturesRef.current) URL.revokeObjectURL(picture.url);
    },
    [],
  );

  const addPictures = async (files: File[]) => {
    setPictureError('');
    setBusy('preparing');
    try {
      for (const file of files) {
        if (picturesRef.current.length >= MAX_POST_IMAGES) {
          setPictureError(`画像は ${MAX_POST_IMAGES} 枚までです。`);
          break;
        }
        const problem = fileProblem(file);
        if (problem) {
          setPictureError(problem);
          continue;
        }
        try {
          const { blob } = await prepareImage(file, {
            maxSide: CONTENT_IMAGE_MAX_SIDE,
            maxBytes: MAX_CONTENT_IMAGE_BYTES,
            allowJpeg: false,
          });
          const next = [...picturesRef.current, { blob, url: URL.createObjectURL(blob) }];
          picturesRef.current = next;
          setPictures(next);
        } catch (failure) {
          setPictureError(failure instanceof ImageError ? failure.message : 'この画像は読み込めませんでした。別の画像を選んでください。');
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const removePicture = (index: number) => {
    const picture = pictures[index];
    if (picture) URL.revokeObjectURL(picture.url);
    setPictures(pictures.filter((_, at) => at !== index));
  };

  const [posts, setPosts] = useState<StoredPost[] | null>(null);
  const [listFailed, setListFailed] = useState(false);
  const loadPosts = useCallback(() => {
    setListFailed(false);
    listMyPosts(user.uid).then(setPosts, () => setListFailed(true));
  }, [user.uid]);
  useEffect(loadPosts, [loadPosts]);

  const send = async () => {
    if (busy) return;
    setDone('');
    const problem = postProblem(text, pictures.length);
    if (problem) {
      setError(problem);
      textarea.current?.focus();
      return;
    }
    setError('');
    writeLocalDraft(key, text);
    if (!navigator.onLine) {
      setSendError(OFFLINE_MESSAGE);
      return;
    }
    setSendError('');
    setBusy('saving');
    try {
      const post = await createPost(
        user.uid,
        postText(text),
        pictures.map((picture) => picture.blob),
        (step) => setBusy(step),
      );
      removeLocalDraft(key);
      for (const picture of pictures) URL.revokeObjectURL(picture.url);
      setPictures([]);
      setText('');
      setPosts((current) => [post, ...(current ?? [])]);
      setDone('投稿しました。数十秒ほどでタイムラインに表示されます。');
    } catch (failure) {
      setSendError(contentSaveErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const verified = user.emailVerified;
  return (
    <div className="space-y-6" data-testid="timeline-composer">
      <form
        noValidate
        className="card space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <h2 className="text-lg font-bold">タイムラインに投稿</h2>
        {!verified && (
          <div className="notice notice-warning space-y-2">
            <p className="font-medium">タイムラインに投稿するには、メールアドレスの確認が必要です。書いた内容はこの端末に残ります。</p>
            <EmailVerification user={user} purpose="タイムラインに投稿する" />
          </div>
        )}
        {restored && text.trim() !== '' && !done && (
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
            前回入力していた内容を復元しました。
          </p>
        )}
        <TextAreaField
          ref={textarea}
          name="text"
          label="投稿する内容"
          rows={4}
          value={text}
          counterMax={POST_TEXT_MAX}
          error={error || undefined}
          onChange={(event) => {
            setText(event.target.value);
            setDone('');
            setError('');
          }}
          placeholder="今日の出勤や空き状況、お知らせなど"
        />
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <label
              htmlFor={inputId}
              aria-disabled={busy !== false || pictures.length >= MAX_POST_IMAGES || undefined}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              画像を追加
              <input
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                data-testid="post-picture-input"
                disabled={busy !== false || pictures.length >= MAX_POST_IMAGES}
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])];
                  event.target.value = '';
                  if (files.length > 0) void addPictures(files);
                }}
              />
            </label>
            <span className="text-sm text-gray-600 dark:text-gray-400">
              {pictures.length} / {MAX_POST_IMAGES} 枚
            </span>
          </div>
          {pictureError && (
            <p role="alert" className="field-error">
              {pictureError}
            </p>
          )}
          {pictures.length > 0 && (
            <ul className="grid grid-cols-4 gap-2">
              {pictures.map((picture, index) => (
                <li key={picture.url} className="space-y-1">
                  <img
                    src={picture.url}
                    alt={`画像 ${index + 1}`}
                    className="aspect-square w-full rounded bg-gray-100 object-cover dark:bg-gray-800"
                  />
                  <Button
                    variant="danger"
                    size="sm"
                    className="w-full"
                    onClick={() => removePicture(index)}
                    aria-label={`画像 ${index + 1} を外す`}
                  >
                    外す
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {done && <FormAlert kind="success">{done}</FormAlert>}
        {sendError && (
          <div data-testid="post-error">
            <FormAlert kind="error">{sendError}</FormAlert>
          </div>
        )}
        <Button
          type="submit"
          variant="primary"
          className="w-full sm:w-auto sm:min-w-40"
          disabled={!verified}
          busy={busy !== false}
          data-testid="post-submit"
        >
          {busy ? BUSY_LABEL[busy] : '投稿する'}
        </Button>
      </form>

      <section aria-labelledby={`${inputId}-mine`} className="space-y-3">
        <h2 id={`${inputId}-mine`} className="text-lg font-bold">
          わたしの最近の投稿
        </h2>
        {listFailed ? (
          <div className="space-y-2">
            <FormAlert kind="error">投稿を読み込めませんでした。通信状態を確かめて、もう一度お試しください。</FormAlert>
            <Button variant="secondary" onClick={loadPosts}>
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
              <MyPost
                key={post.id}
                uid={user.uid}
                post={post}
                onDeleted={() => setPosts((current) => current?.filter((kept) => kept.id !== post.id) ?? null)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
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
