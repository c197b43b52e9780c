/**
 * 運営による店舗の確認 on /store-profile: whether the operator has verified
 * this store and, until it has, the way to ask (an optional note on how to
 * reach the store), and when it asked. Without it a new store had no way to
 * have its confirmations of its members' former handles count.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { VERIFICATION_NOTE_MAX } from '../../lib/caps';
import { membershipErrorMessage } from '../../lib/membership/errors';
import {
  readVerificationRequest,
  requestStoreVerification,
  type VerificationRequest as Request,
} from '../../lib/membership/verification-request';
import { formatDateTime } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';
import { TextAreaField } from '../forms/TextAreaField';
import { Button } from '../ui/Button';
import type { StoreVerification } from './use-store-verification';

type Load = 'loading' | 'error' | { request: Request | null };

export function VerificationRequest({ storeUid, storeVerification }: { storeUid: string; storeVerification: StoreVerification }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card space-y-3 p-4" data-testid="store-verification">
      <h3 id={headingId} className="font-bold">
        運営による店舗の確認
      </h3>
      {storeVerification === 'loading' ? (
        <p role="status">確認の状況を読み込んでいます…</p>
      ) : storeVerification === 'verified' ? (
        <p data-testid="store-verified">
          運営確認済みの店舗です。所属セラピストの旧アカウントを「本人と確認した」で店舗確認済みにできます。
        </p>
      ) : (
        <RequestForm storeUid={storeUid} />
      )}
    </section>
  );
}

function RequestForm({ storeUid }: { storeUid: string }) {
  const [load, setLoad] = useState<Load>('loading');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    let live = true;
    readVerificationRequest(storeUid).then(
      (request) => {
        if (!live) return;
        setLoad({ request });
        setNote(request?.note ?? '');
      },
      () => live && setLoad('error'),
    );
    return () => {
      live = false;
    };
  }, [storeUid]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setFormError('');
    if (note.length > VERIFICATION_NOTE_MAX) {
      setError(`${VERIFICATION_NOTE_MAX} 文字以内にしてください（いま ${note.length} 文字）。`);
      return;
    }
    setError('');
    setBusy(true);
    try {
      await requestStoreVerification(storeUid, note);
      setLoad({ request: { note, requestedAt: new Date() } });
      setDone(true);
    } catch (failure) {
      setFormError(membershipErrorMessage(failure, 'verification'));
    } finally {
      setBusy(false);
    }
  };

  const request = typeof load === 'object' ? load.request : null;
  return (
    <>
      <p>
        この店舗は、まだ運営の確認を受けていません。運営が店舗ページ・公式サイト・公式アカウントで実在する店舗かを確かめると、店舗ページに「運営確認済みの店舗」と表示され、所属セラピストの旧アカウントを店舗確認済みにできるようになります。
      </p>
      {load === 'loading' && <p role="status">申請の状況を読み込んでいます…</p>}
      {load === 'error' && (
        <FormAlert kind="error">申請の状況を読み込めませんでした。通信状態を確かめて、ページを再読み込みしてください。</FormAlert>
      )}
      <div role="status" aria-live="polite">
        {done && <FormAlert kind="success">確認を申請しました。運営が確かめるまで、しばらくお待ちください。</FormAlert>}
      </div>
      {request && (
        <p className="text-sm" data-testid="verification-requested">
          {request.requestedAt ? `${formatDateTime(request.requestedAt)} に申請済みです。` : '申請済みです。'}
          確認が済むと、この欄と店舗ページの表示が変わります。
        </p>
      )}
      {load !== 'loading' && (
        <form onSubmit={submit} noValidate className="space-y-3">
          <TextAreaField
            label="運営への連絡事項（任意）"
            name="verification-note"
            rows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            counterMax={VERIFICATION_NOTE_MAX}
            error={error}
            hint="確認のための連絡先（公式サイトのお問い合わせ窓口、公式 X アカウントなど）や、確かめてほしいことを書いてください。"
          />
          {formError && <FormAlert kind="error">{formError}</FormAlert>}
          <Button type="submit" variant="secondary" busy={busy} busyLabel="申請しています…" data-testid="verification-request">
            {request ? '申請し直す' : '確認を申請する'}
          </Button>
        </form>
      )}
    </>
  );
}
