/**
 * 公開設定: 下書き / 今すぐ公開 (公開中のまま for a blog already public) /
 * 予約投稿 with a date and time in Tokyo time. Publishing needs a verified
 * email: until then the two publishing choices are off, with the reason and
 * the resend / re-check buttons right here; saving as a draft still works.
 */
import { useId } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import type { PublishMode } from '../../lib/blogs/form';
import { earliestScheduleValue } from '../../lib/blogs/publish-time';
import { EmailVerification } from '../account/EmailVerification';
import { FieldError } from '../forms/field-parts';
import { inputClass } from '../forms/TextField';

interface Props {
  user: AuthUser;
  mode: PublishMode;
  publishAt: string;
  /** The blog is public already (今すぐ公開 then keeps it public, with its date). */
  isPublic: boolean;
  modeError?: string;
  publishAtError?: string;
  onMode(mode: PublishMode): void;
  onPublishAt(value: string): void;
}

export function PublishSettings({ user, mode, publishAt, isPublic, modeError, publishAtError, onMode, onPublishAt }: Props) {
  const id = useId();
  const verified = user.emailVerified;
  const choices: { value: PublishMode; label: string; hint: string }[] = [
    { value: 'draft', label: '下書き', hint: '公開しません。自分だけが見られます。' },
    isPublic
      ? { value: 'now', label: '公開中のまま', hint: '変更は保存すると、数十秒ほどで公開ページに反映されます。' }
      : { value: 'now', label: '今すぐ公開', hint: '保存すると、数十秒ほどで公開ページに表示されます。' },
    { value: 'scheduled', label: '予約投稿', hint: '決めた日時（日本時間）に公開されます。' },
  ];
  return (
    <fieldset className="card space-y-3" aria-describedby={modeError ? `${id}-mode-error` : undefined}>
      <legend className="px-1 text-lg font-bold">公開設定</legend>
      <div className="grid gap-2">
        {choices.map((choice) => {
          const disabled = choice.value !== 'draft' && !verified && mode !== choice.value;
          return (
            <label
              key={choice.value}
              className="has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:has-[:checked]:border-brand-300 dark:has-[:checked]:bg-brand-950 flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-gray-300 p-3 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 dark:border-gray-600"
            >
              <input
                type="radio"
                name="mode"
                value={choice.value}
                checked={mode === choice.value}
                disabled={disabled}
                onChange={() => onMode(choice.value)}
                className="accent-brand-700 dark:accent-brand-400 mt-1 size-5 shrink-0"
              />
              <span>
                <span className="block font-medium">{choice.label}</span>
                <span className="block text-sm text-gray-600 dark:text-gray-400">{choice.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-mode-error`} error={modeError} />
      {mode === 'scheduled' && (
        <div className="space-y-1">
          <label htmlFor={`${id}-at`} className="block font-medium">
            公開する日時（日本時間）
          </label>
          <input
            id={`${id}-at`}
            name="publishAt"
            type="datetime-local"
            value={publishAt}
            min={earliestScheduleValue()}
            onChange={(event) => onPublishAt(event.target.value)}
            aria-invalid={publishAtError ? true : undefined}
            aria-describedby={publishAtError ? `${id}-at-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${id}-at-error`} error={publishAtError} />
        </div>
      )}
      {!verified && (
        <div className="space-y-2 border-t border-gray-200 pt-3 text-sm dark:border-gray-700">
          <p className="font-medium">公開するには、メールアドレスの確認が必要です。確認が済むまでは下書きとして保存できます。</p>
          <EmailVerification user={user} purpose="ブログを公開する" />
        </div>
      )}
    </fieldset>
  );
}
