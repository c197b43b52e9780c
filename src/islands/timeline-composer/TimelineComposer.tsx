/**
 * The timeline composer: a short post (≤ 500 characters) with up to four
 * pictures (resized in the browser to ≤ 1600 px WebP), for a therapist or
 * store with a verified email; the text is kept as a local draft while she
 * types. Under it her recent posts, newest first, each with 削除.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { contentSaveErrorMessage, OFFLINE_MESSAGE } from '../../lib/blogs/errors';
import { readLocalDraft, removeLocalDraft, writeLocalDraft } from '../../lib/forms/local-draft';
import { createPost } from '../../lib/posts/client';
import { isPostDraft, postDraftKey, postProblem, postText } from '../../lib/posts/compose';
import { POST_TEXT_MAX } from '../../lib/posts/limits';
import { EmailVerification } from '../account/EmailVerification';
import { FormAlert } from '../forms/FormAlert';
import { TextAreaField } from '../forms/TextAreaField';
import { Button } from '../ui/Button';
import { MyPosts, useMyPosts } from './MyPosts';
import { PostPicturePicker } from './PostPicturePicker';
import { usePostPictures } from './use-post-pictures';

type Step = false | 'preparing' | 'uploading' | 'saving';
const STEP_LABEL: Record<Exclude<Step, false>, string> = {
  preparing: '画像を準備しています…',
  uploading: '画像をアップロードしています…',
  saving: '投稿しています…',
};

/** Keeps her text in this browser as she types, and warns before leaving unsent work. */
function useKeptDraft(key: string, text: string, unsaved: boolean) {
  // A reload, a crash, a failed post lose nothing.
  useEffect(() => {
    const timer = setTimeout(() => (text.trim() ? writeLocalDraft(key, text) : removeLocalDraft(key)), 500);
    return () => clearTimeout(timer);
  }, [key, text]);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

export function TimelineComposer({ user }: { user: AuthUser }) {
  const key = postDraftKey(user.uid);
  const headingId = useId();
  const [text, setText] = useState(() => readLocalDraft(key, isPostDraft)?.value ?? '');
  const [restored] = useState(() => text.trim() !== '');
  const chosen = usePostPictures();
  const mine = useMyPosts(user.uid);
  const [sending, setSending] = useState<Exclude<Step, 'preparing'>>(false);
  const [error, setError] = useState('');
  const [sendError, setSendError] = useState('');
  const [done, setDone] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  useKeptDraft(key, text, text.trim() !== '' || chosen.pictures.length > 0);
  const step: Step = chosen.preparing ? 'preparing' : sending;

  const send = async () => {
    if (step) return;
    setDone('');
    const problem = postProblem(text, chosen.pictures.length);
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
    setSending('saving');
    try {
      const post = await createPost(
        user.uid,
        postText(text),
        chosen.pictures.map((picture) => picture.blob),
        (next) => setSending(next),
      );
      removeLocalDraft(key);
      chosen.clear();
      setText('');
      mine.added(post);
      setDone('投稿しました。数十秒ほどでタイムラインに表示されます。');
    } catch (failure) {
      setSendError(contentSaveErrorMessage(failure));
    } finally {
      setSending(false);
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
        <PostPicturePicker chosen={chosen} busy={step !== false} />
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
          busy={step !== false}
          data-testid="post-submit"
        >
          {step ? STEP_LABEL[step] : '投稿する'}
        </Button>
      </form>
      <MyPosts uid={user.uid} headingId={`${headingId}-mine`} mine={mine} />
    </div>
  );
}
