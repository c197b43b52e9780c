/**
 * The profile URL: typed in slug form (folded on blur), with the public
 * address it gives, and an availability check (slugs/{slug}, a read
 * anyone may make) when the field is left: free when nobody holds it, it
 * is her own (even released), or it was released over 30 days ago.
 */
import { useRef, useState } from 'react';
import { publicProfilePath } from '../../lib/routes';
import { type ProfileKind } from '../../lib/profile/kinds';
import { checkSlug, SLUG_TAKEN_MESSAGE } from '../../lib/profile/save-profile';
import { MAX_HELD_SLUGS, SLUG_HOLD_DAYS } from '../../lib/caps';
import { normalizeSlug, slugProblem } from '../../lib/slugs';
import { TextField } from '../forms/TextField';

interface Props {
  kind: ProfileKind;
  uid: string;
  value: string;
  /** The slug the saved profile has. */
  savedSlug: string;
  error?: string;
  onChange(value: string): void;
  onError(message: string | null): void;
}

type Check = 'idle' | 'checking' | 'free' | 'failed';

export function SlugField({ kind, uid, value, savedSlug, error, onChange, onError }: Props) {
  const [check, setCheck] = useState<{ slug: string; state: Check }>({ slug: '', state: 'idle' });
  const slug = normalizeSlug(value);
  const latest = useRef(slug);
  latest.current = slug;
  const path = publicProfilePath(kind, slug || '…');

  const checkAvailability = async () => {
    if (slug !== value) onChange(slug);
    const problem = slugProblem(value);
    if (problem) return onError(problem);
    if (slug === savedSlug) return setCheck({ slug, state: 'idle' });
    setCheck({ slug, state: 'checking' });
    try {
      const state = await checkSlug(slug, uid);
      if (latest.current !== slug) return; // typed on meanwhile: this answer is about an old value
      if (state === 'taken' || state === 'held') {
        setCheck({ slug, state: 'idle' });
        onError(SLUG_TAKEN_MESSAGE);
      } else setCheck({ slug, state: 'free' });
    } catch {
      // Only a hint: the save checks again inside its transaction.
      setCheck({ slug, state: 'failed' });
    }
  };

  const state = check.slug === slug ? check.state : 'idle';
  return (
    <TextField
      name="profileSlug"
      label="プロフィール URL"
      required
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      inputMode="url"
      prefix={publicProfilePath(kind, '')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={checkAvailability}
      error={error}
      hint={
        <>
          <span className="block">
            公開ページ：
            <span className="font-medium break-all" data-testid="profile-public-url">
              {typeof location === 'undefined' ? '' : location.origin}
              {path}
            </span>
          </span>
          <span className="block">
            半角英小文字・数字・ハイフンで 3〜30 文字。変えると、前の URL は {SLUG_HOLD_DAYS} 日間だけ新しい URL
            へ転送され、そのあいだはあなただけが使い直せます。前の URL を押さえておけるのは {MAX_HELD_SLUGS}{' '}
            件までで、それを超えて変えると、いちばん古い URL の転送は終わり、誰でも使えるようになります。
          </span>
          {state === 'checking' && (
            <span className="block" role="status">
              使えるか調べています…
            </span>
          )}
          {state === 'free' && (
            <span className="block font-medium text-green-800 dark:text-green-300" role="status">
              この URL は使えます。
            </span>
          )}
          {state === 'failed' && (
            <span className="block" role="status">
              使えるか調べられませんでした。保存するときにもう一度調べます。
            </span>
          )}
        </>
      }
    />
  );
}
