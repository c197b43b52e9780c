/** /register's first question: which kind of account, each with what it is for. */
import type { RegistrationKind } from '../../lib/auth/registration';

const KINDS: { kind: RegistrationKind; label: string; hint: string }[] = [
  { kind: 'therapist', label: 'セラピスト', hint: 'プロフィール・出勤・ブログを載せる' },
  { kind: 'store', label: '店舗', hint: '店舗ページと在籍セラピストを載せる' },
  { kind: 'fan', label: '推し活用（ファン）', hint: '推しの出勤や新しいアカウントを知る。公開プロフィールなし' },
];

export function KindChoice({ value, onChange }: { value: RegistrationKind; onChange: (kind: RegistrationKind) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">登録の種類</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {KINDS.map(({ kind, label, hint }) => (
          <label
            key={kind}
            className="has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:has-[:checked]:border-brand-300 dark:has-[:checked]:bg-brand-950 flex cursor-pointer items-start gap-2 rounded-md border border-gray-400 px-3 py-2 dark:border-gray-600"
          >
            {/* Named by its label alone; the hint is its description. */}
            <input
              type="radio"
              name="kind"
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              aria-label={label}
              aria-describedby={`kind-${kind}-hint`}
              className="mt-1"
            />
            <span>
              <span className="block font-medium">{label}</span>
              <span id={`kind-${kind}-hint`} className="field-hint block">
                {hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
