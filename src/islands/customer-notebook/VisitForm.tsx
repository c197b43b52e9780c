/**
 * Record a visit (date, course, minutes, memo) or correct one. The date
 * starts at today (Tokyo); courses used before are offered as suggestions.
 */
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { COURSE_MAX, newId, parseMinutes, VISIT_MEMO_MAX, visitProblems, type VisitFields } from '../../lib/notebook/customer';
import { saveCustomer, type CustomerEntry } from '../../lib/notebook/session';
import { tokyoDateKey } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';
import { TextAreaField } from '../forms/TextAreaField';
import { TextField } from '../forms/TextField';
import { routeHash, type Route } from './routes';
import { useSealedDraft } from './sealed-draft';
import { actionBar, messageOf } from './ui';
import { Button } from '../ui/Button';

interface FormFields {
  date: string;
  course: string;
  minutes: string;
  memo: string;
}

export function VisitForm({
  entry,
  visitId,
  navigate,
}: {
  entry: CustomerEntry;
  visitId: string | null;
  navigate: (route: Route, options?: { replace?: boolean }) => void;
}) {
  const { slot, customer } = entry;
  const editing = visitId ? customer.visits.find((visit) => visit.id === visitId) : undefined;
  const initial: FormFields = editing
    ? { date: editing.date, course: editing.course, minutes: editing.minutes === null ? '' : String(editing.minutes), memo: editing.memo }
    : { date: tokyoDateKey(), course: '', minutes: '', memo: '' };
  const { fields, update, restored, discard } = useSealedDraft(routeHash({ view: 'visit', slot, visitId }), initial);
  const [errors, setErrors] = useState<Partial<Record<keyof VisitFields, string>>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const courseList = useId();
  const inputs = {
    date: useRef<HTMLInputElement>(null),
    course: useRef<HTMLInputElement>(null),
    minutes: useRef<HTMLInputElement>(null),
    memo: useRef<HTMLTextAreaElement>(null),
  };
  const courses = [...new Set(customer.visits.map((visit) => visit.course).filter(Boolean))];

  useEffect(() => {
    inputs.date.current?.focus();
    // Focus once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const back = () => navigate({ view: 'customer', slot }, { replace: true });

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    const values: VisitFields = {
      date: fields.date,
      course: fields.course.trim(),
      minutes: parseMinutes(fields.minutes),
      memo: fields.memo.replace(/\s+$/, ''),
    };
    const found = visitProblems(values);
    setErrors(found);
    const firstBad = (['date', 'course', 'minutes', 'memo'] as const).find((field) => found[field]);
    if (firstBad) {
      inputs[firstBad].current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      const visits = editing
        ? customer.visits.map((visit) => (visit.id === editing.id ? { ...visit, ...values } : visit))
        : [...customer.visits, { id: newId(), ...values }];
      await saveCustomer(slot, { ...customer, visits });
      discard();
      back();
    } catch (caught) {
      setError(messageOf(caught, '保存できませんでした。入力した内容はそのまま残っています。もう一度お試しください。'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="visit-form">
      <h2 className="text-xl font-bold">
        {editing ? '来店記録を編集' : '来店を記録'}
        <span className="mt-1 block text-base font-normal text-gray-700 dark:text-gray-300">{customer.nickname}</span>
      </h2>
      {restored && <FormAlert kind="info">保存前の入力を復元しました。</FormAlert>}
      <TextField
        ref={inputs.date}
        label="来店日"
        name="visit-date"
        type="date"
        required
        value={fields.date}
        onChange={(event) => update({ date: event.target.value })}
        error={errors.date}
      />
      <TextField
        ref={inputs.course}
        label="コース"
        name="visit-course"
        autoComplete="off"
        list={courses.length > 0 ? courseList : undefined}
        value={fields.course}
        onChange={(event) => update({ course: event.target.value })}
        hint={`任意・${COURSE_MAX} 文字まで（例：アロマ、ディープリンパ）`}
        error={errors.course}
      />
      {courses.length > 0 && (
        <datalist id={courseList}>
          {courses.map((course) => (
            <option key={course} value={course} />
          ))}
        </datalist>
      )}
      <TextField
        ref={inputs.minutes}
        label="時間（分）"
        name="visit-minutes"
        inputMode="numeric"
        autoComplete="off"
        value={fields.minutes}
        onChange={(event) => update({ minutes: event.target.value })}
        hint="任意（例：90）"
        error={errors.minutes}
      />
      <TextAreaField
        ref={inputs.memo}
        label="メモ"
        name="visit-memo"
        rows={3}
        value={fields.memo}
        onChange={(event) => update({ memo: event.target.value })}
        counterMax={VISIT_MEMO_MAX}
        error={errors.memo}
      />
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <div className={actionBar}>
        <Button type="submit" variant="primary" className="flex-1 sm:flex-none" busy={busy} data-testid="visit-save">
          {busy ? '保存しています…' : '保存する'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            discard();
            back();
          }}
        >
          キャンセル
        </Button>
      </div>
    </form>
  );
}
