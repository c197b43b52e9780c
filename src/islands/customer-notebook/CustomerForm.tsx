/**
 * Add or edit a customer: nickname, NG, tags and free notes. What she
 * types is sealed into a draft as she types (sealed-draft.ts); 保存 keeps
 * it encrypted in this browser first, so it survives a dropped network.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { customerProblems, newId, NICKNAME_MAX, NOTES_MAX, type Customer } from '../../lib/notebook/customer';
import { saveCustomer, type CustomerEntry } from '../../lib/notebook/session';
import { parseTags, tagsToText } from '../../lib/profile/tag-input';
import { CheckboxField } from '../forms/CheckboxField';
import { FormAlert } from '../forms/FormAlert';
import { TagsField } from '../forms/TagsField';
import { TextAreaField } from '../forms/TextAreaField';
import { TextField } from '../forms/TextField';
import { routeHash, type Route } from './routes';
import { useSealedDraft } from './sealed-draft';
import { actionBar, messageOf } from './ui';
import { Button } from '../ui/Button';

interface FormFields {
  nickname: string;
  ng: boolean;
  tagsText: string;
  notes: string;
}

export function CustomerForm({
  entry,
  navigate,
}: {
  entry: CustomerEntry | null;
  navigate: (route: Route, options?: { replace?: boolean }) => void;
}) {
  const route: Route = entry ? { view: 'edit', slot: entry.slot } : { view: 'new' };
  const initial: FormFields = entry
    ? { nickname: entry.customer.nickname, ng: entry.customer.ng, tagsText: tagsToText(entry.customer.tags), notes: entry.customer.notes }
    : { nickname: '', ng: false, tagsText: '', notes: '' };
  const { fields, update, restored, discard } = useSealedDraft(routeHash(route), initial);
  const [errors, setErrors] = useState<ReturnType<typeof customerProblems>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputs = {
    nickname: useRef<HTMLInputElement>(null),
    tags: useRef<HTMLInputElement>(null),
    notes: useRef<HTMLTextAreaElement>(null),
  };
  const tags = parseTags(fields.tagsText);

  useEffect(() => {
    inputs.nickname.current?.focus();
    // Focus once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const back = () => navigate(entry ? { view: 'customer', slot: entry.slot } : { view: 'list' }, { replace: true });

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    const values = { nickname: fields.nickname.trim(), ng: fields.ng, tags, notes: fields.notes.replace(/\s+$/, '') };
    const found = customerProblems(values);
    setErrors(found);
    const firstBad = (['nickname', 'tags', 'notes'] as const).find((field) => found[field]);
    if (firstBad) {
      inputs[firstBad].current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      const now = Date.now();
      const customer: Customer = entry
        ? { ...entry.customer, ...values }
        : { id: newId(), ...values, visits: [], createdAt: now, updatedAt: now };
      const slot = await saveCustomer(entry?.slot ?? null, customer);
      discard();
      navigate({ view: 'customer', slot }, { replace: true });
    } catch (caught) {
      setError(messageOf(caught, '保存できませんでした。入力した内容はそのまま残っています。もう一度お試しください。'));
      setBusy(false);
    }
  };

  const cancel = () => {
    discard();
    back();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="customer-form">
      <h2 className="text-xl font-bold">{entry ? '顧客を編集' : '顧客を追加'}</h2>
      {restored && <FormAlert kind="info">保存前の入力を復元しました。</FormAlert>}
      <TextField
        ref={inputs.nickname}
        label="呼び名"
        name="nickname"
        required
        autoComplete="off"
        value={fields.nickname}
        onChange={(event) => update({ nickname: event.target.value })}
        hint={`あなたが分かる呼び方で（本名でなくてかまいません）。${NICKNAME_MAX} 文字まで。`}
        error={errors.nickname}
      />
      <CheckboxField
        label="NG のお客様"
        checked={fields.ng}
        onChange={(event) => update({ ng: event.target.checked })}
        hint="今後は予約を受けないお客様に付けます。一覧で絞り込めます。"
      />
      <TagsField
        ref={inputs.tags}
        label="タグ"
        name="tags"
        autoComplete="off"
        value={fields.tagsText}
        tags={tags}
        onChange={(text) => update({ tagsText: text })}
        onRemove={(tag) => update({ tagsText: tagsToText(tags.filter((other) => other !== tag)) })}
        hint="「、」やスペースで区切ります（例：常連、指名、肩こり）。10 個まで。"
        error={errors.tags}
      />
      <TextAreaField
        ref={inputs.notes}
        label="メモ"
        name="notes"
        rows={6}
        value={fields.notes}
        onChange={(event) => update({ notes: event.target.value })}
        hint="好み、話した話題、気をつけることなど。"
        counterMax={NOTES_MAX}
        error={errors.notes}
      />
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <div className={actionBar}>
        <Button type="submit" variant="primary" className="flex-1 sm:flex-none" busy={busy} data-testid="customer-save">
          {busy ? '保存しています…' : '保存する'}
        </Button>
        <Button variant="secondary" onClick={cancel}>
          キャンセル
        </Button>
      </div>
    </form>
  );
}
