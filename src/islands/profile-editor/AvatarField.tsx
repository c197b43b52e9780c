/**
 * プロフィール画像: pick a file, see it, and it becomes the profile's
 * picture at once (no need to press 保存する). The checks that need no
 * decoding run first; a refused file only shows a message here and leaves
 * everything else on the page as it was. The profile stores a Storage
 * path; the picture shown here comes from getDownloadURL (the Storage SDK
 * loads only when there is a picture to show or a file has been accepted).
 */
import { useEffect, useId, useState } from 'react';
import { fileProblem } from '../../lib/avatar/limits';
import { AvatarError, prepareAvatar } from '../../lib/avatar/resize';
import type { ProfileKind } from '../../lib/profile/kinds';
import { saveErrorMessage } from '../../lib/profile/save-errors';
import { buttonClass } from '../../lib/ui-parts';
import { Button } from '../ui/Button';

interface Props {
  uid: string;
  kind: ProfileKind;
  /** The name, for the placeholder initial. */
  name: string;
  /** The stored path ('' when none). */
  photo: string;
  onChange(photo: string): void;
}

type Busy = 'idle' | 'preparing' | 'uploading' | 'removing';

const BUSY_TEXT: Record<Exclude<Busy, 'idle'>, string> = {
  preparing: '画像を準備しています…',
  uploading: '画像をアップロードしています…',
  removing: '画像を外しています…',
};

/** A URL to show the stored picture at, or '' (none, still loading, or unreadable). */
function useDisplayUrl(photo: string): [string, (shown: { photo: string; url: string }) => void] {
  const [shown, setShown] = useState({ photo: '', url: '' });
  useEffect(() => {
    if (!photo || shown.photo === photo) return;
    let live = true;
    import('../../lib/avatar/upload')
      .then(({ avatarDisplayUrl }) => avatarDisplayUrl(photo))
      .then(
        (url) => live && setShown({ photo, url }),
        () => live && setShown({ photo, url: '' }),
      );
    return () => {
      live = false;
    };
  }, [photo]);
  return [shown.photo === photo ? shown.url : '', setShown];
}

export function AvatarField({ uid, kind, name, photo, onChange }: Props) {
  const inputId = useId();
  const [busy, setBusy] = useState<Busy>('idle');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const [photoURL, setDisplayed] = useDisplayUrl(photo);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = async (file: File) => {
    setError('');
    setDone('');
    const problem = fileProblem(file);
    if (problem) return setError(problem);
    setBusy('preparing');
    try {
      const avatar = await prepareAvatar(file);
      setPreview(URL.createObjectURL(avatar.blob));
      setBusy('uploading');
      const { uploadAvatar } = await import('../../lib/avatar/upload');
      const uploaded = await uploadAvatar({ uid, kind, previous: photo }, avatar.blob, avatar.type);
      setDisplayed(uploaded);
      onChange(uploaded.photo);
      setDone('プロフィール画像を変更しました。数十秒ほどで公開ページに反映されます。');
    } catch (failure) {
      setError(failure instanceof AvatarError ? failure.message : saveErrorMessage(failure));
    } finally {
      setPreview(null);
      setBusy('idle');
    }
  };

  const remove = async () => {
    setError('');
    setDone('');
    setBusy('removing');
    try {
      const { removeAvatar } = await import('../../lib/avatar/upload');
      await removeAvatar({ uid, kind, previous: photo });
      onChange('');
      setDone('プロフィール画像を外しました。');
    } catch (failure) {
      setError(saveErrorMessage(failure));
    } finally {
      setBusy('idle');
    }
  };

  const shown = preview ?? photoURL;
  const described = [`${inputId}-hint`, error ? `${inputId}-error` : ''].filter(Boolean).join(' ');
  return (
    <section aria-labelledby={`${inputId}-heading`} className="card space-y-3">
      <h2 id={`${inputId}-heading`} className="text-lg font-bold">
        プロフィール画像
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt="プロフィール画像"
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full bg-gray-100 object-cover dark:bg-gray-800"
            data-testid="avatar-preview"
          />
        ) : (
          <span
            aria-hidden="true"
            className="bg-brand-700 inline-flex size-24 shrink-0 items-center justify-center rounded-full text-3xl font-bold text-white"
          >
            {Array.from(name)[0] ?? '?'}
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <label htmlFor={inputId} aria-disabled={busy !== 'idle' || undefined} className={buttonClass({ variant: 'outline' })}>
            {photo ? 'プロフィール画像を変更' : 'プロフィール画像を選ぶ'}
            <input
              id={inputId}
              type="file"
              accept="image/*"
              className="sr-only"
              data-testid="avatar-input"
              disabled={busy !== 'idle'}
              aria-invalid={error ? true : undefined}
              aria-describedby={described}
              onChange={(event) => {
                const file = event.target.files?.[0];
                // Cleared so that picking the same file again still counts as a choice.
                event.target.value = '';
                if (file) void pick(file);
              }}
            />
          </label>
          {photo && busy === 'idle' && (
            <Button variant="outline" onClick={remove}>
              画像を外す
            </Button>
          )}
        </div>
      </div>
      <p id={`${inputId}-hint`} className="field-hint">
        10MB までの画像（JPEG・PNG・WebP など）。選ぶとすぐに保存され、512 ピクセルに縮小して使われます。
      </p>
      {busy !== 'idle' && (
        <p role="status" className="text-sm">
          {BUSY_TEXT[busy]}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} role="alert" data-testid="avatar-error" className="field-error">
          {error}
        </p>
      )}
      {done && (
        <p role="status" data-testid="avatar-status" className="text-sm text-green-800 dark:text-green-300">
          {done}
        </p>
      )}
    </section>
  );
}
