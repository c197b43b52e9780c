/**
 * 所属店舗: choose an area, then one of the published stores there (or
 * 所属店舗なし). Choosing a store asks it to confirm her as a member (a request
 * only she and that store see). The store named now is always offered, with its area, even
 * when it is in another area or no longer listed.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { isArea } from '../../lib/areas';
import { publishedStoresIn, readStoreOption, type StoreOption } from '../../lib/profile/store-options';
import { AreaField } from '../forms/AreaField';
import { describedBy, FieldError, FieldHint, FieldLabel } from '../forms/field-parts';

interface Props {
  /** The chosen store's uid, '' for none. */
  value: string;
  /** The area to list first when no store is chosen (the therapist's own). */
  defaultArea: string;
  error?: string;
  onChange(storeId: string): void;
  /** Shown at the end of the fieldset (where her request stands). */
  children?: ReactNode;
}

/** An area to list stores of: one of the vocabulary, else none (a value from before it has no stores). */
const listable = (area: string | undefined): string | null => (area && isArea(area) ? area : null);

type List = { area: string; state: 'loading' } | { area: string; state: 'error' } | { area: string; state: 'ready'; stores: StoreOption[] };

export function StorePicker({ value, defaultArea, error, onChange, children }: Props) {
  const storeId = useId();
  const [area, setArea] = useState<string | null>(value ? null : listable(defaultArea));
  const [chosen, setChosen] = useState<StoreOption | null>(null);
  const [list, setList] = useState<List | null>(null);
  const [attempt, setAttempt] = useState(0);

  // The store named now: its name for the option, its area as the first list shown.
  useEffect(() => {
    if (!value || chosen?.id === value) return;
    let live = true;
    readStoreOption(value).then(
      (store) => {
        if (!live) return;
        setChosen(store ?? { id: value, name: '非公開または登録のない店舗', area: '' });
        setArea((current) => current ?? (listable(store?.area) || listable(defaultArea)));
      },
      () => {
        if (!live) return;
        setChosen({ id: value, name: '読み込めなかった店舗', area: '' });
        setArea((current) => current ?? listable(defaultArea));
      },
    );
    return () => {
      live = false;
    };
  }, [value]);

  useEffect(() => {
    if (!area) return setList(null);
    let live = true;
    setList({ area, state: 'loading' });
    publishedStoresIn(area).then(
      (stores) => live && setList({ area, state: 'ready', stores }),
      () => live && setList({ area, state: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [area, attempt]);

  const stores = list?.state === 'ready' ? list.stores : [];
  const chosenListed = stores.some((store) => store.id === value);
  const storeHint = !area
    ? '店舗のエリアを選ぶと、そのエリアの店舗が選べます。'
    : list?.state === 'loading'
      ? `${area}の店舗を読み込んでいます…`
      : list?.state === 'ready' && stores.length === 0
        ? `${area}に公開中の店舗はまだありません。`
        : '公開中の店舗から選べます。選んで保存すると店舗に所属を申請し、店舗が承認すると表示されます。申請はその店舗にだけ届き、ほかの利用者には見えません。';

  return (
    <fieldset className="card space-y-3">
      <legend className="px-1 text-lg font-bold">所属店舗</legend>
      <AreaField label="店舗のエリア" value={area ?? ''} onChange={(next) => setArea(listable(next))} />
      <div className="space-y-1">
        <FieldLabel htmlFor={storeId}>所属店舗</FieldLabel>
        <select
          id={storeId}
          name="storeId"
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            setChosen(stores.find((store) => store.id === next) ?? (next === chosen?.id ? chosen : null));
            onChange(next);
          }}
          {...describedBy(storeId, error, storeHint)}
          className="field-input"
        >
          <option value="">所属店舗なし</option>
          {value && !chosenListed && (
            <option value={value}>{chosen ? `${chosen.name}${chosen.area ? `（${chosen.area}）` : ''}` : '読み込んでいます…'}</option>
          )}
          {stores.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </select>
        <FieldHint id={`${storeId}-hint`} hint={storeHint} />
        {list?.state === 'error' && (
          <p role="alert" className="field-error">
            {list.area}の店舗を読み込めませんでした。
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              className="text-link-inherit ml-2 min-h-11 cursor-pointer font-medium"
            >
              もう一度読み込む
            </button>
          </p>
        )}
        <FieldError id={`${storeId}-error`} error={error} />
      </div>
      {children}
    </fieldset>
  );
}
