/**
 * Email verification status with a resend button and a re-check after the
 * link has been opened (the Auth user only learns of it on reload).
 */
import { sendEmailVerification } from 'firebase/auth';
import { useState } from 'react';
import { authErrorMessage } from '../../lib/auth/auth-errors';
import { reloadUser, type AuthUser } from '../../lib/auth/auth-store';
import { clientAuth } from '../../lib/firebase/app';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';

/** `purpose` finishes the sentence 「…には、確認メールのリンクを開いてください」 (profile publishing by default). */
export function EmailVerification({ user, purpose = 'プロフィールを公開する' }: { user: AuthUser; purpose?: string }) {
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  if (user.emailVerified) {
    return <p data-testid="email-verified">メールアドレス（{user.email}）は確認済みです。</p>;
  }
  const resend = async () => {
    const current = clientAuth().currentUser;
    if (!current) return;
    try {
      await sendEmailVerification(current);
      setMessage({ kind: 'success', text: `${user.email} に確認メールを送りました。` });
    } catch (error) {
      setMessage({ kind: 'error', text: authErrorMessage(error).message });
    }
  };
  const recheck = async () => {
    try {
      const fresh = await reloadUser();
      if (!fresh?.emailVerified)
        setMessage({ kind: 'error', text: 'まだ確認されていません。メールのリンクを開いてから、もう一度押してください。' });
    } catch (error) {
      setMessage({ kind: 'error', text: authErrorMessage(error).message });
    }
  };
  return (
    <div className="space-y-3" data-testid="email-unverified">
      <p>
        メールアドレス（{user.email}）はまだ確認されていません。{purpose}には、確認メールのリンクを開いてください。
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={resend}>
          確認メールをもう一度送る
        </Button>
        <Button variant="outline" size="sm" onClick={recheck}>
          確認済みか調べる
        </Button>
      </div>
      {message && <FormAlert kind={message.kind}>{message.text}</FormAlert>}
    </div>
  );
}
