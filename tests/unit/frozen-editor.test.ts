import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sortByHandle, type FrozenHandle } from '../../src/lib/frozen/client';
import { FrozenAddForm } from '../../src/islands/frozen/FrozenAddForm';
import { FrozenHandleItem } from '../../src/islands/frozen/FrozenHandleItem';
import { FrozenHandlesEditor } from '../../src/islands/frozen/FrozenHandlesEditor';

const item = (handle: string, frozenOn: string | null = null, note = ''): FrozenHandle => ({
  id: `x_${handle}`,
  platform: 'x',
  handle,
  frozenOn,
  note,
  verification: 'self',
  slot: 0,
  createdAt: null,
});
const user = { uid: 'u1', displayName: 'みう', photoURL: null, email: 'miu@example.com', emailVerified: true };
const noop = async () => undefined;
const text = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('&quot;', '"');

describe('sortByHandle', () => {
  it('orders entries a → z by handle without changing the input', () => {
    const input = [item('rin'), item('aoi_2'), item('aoi')];
    expect(sortByHandle(input).map((each) => each.handle)).toEqual(['aoi', 'aoi_2', 'rin']);
    expect(input.map((each) => each.handle)).toEqual(['rin', 'aoi_2', 'aoi']);
  });
});

describe('FrozenHandlesEditor (first render)', () => {
  it('shows the heading, the explanation and a loading state', () => {
    const html = renderToString(createElement(FrozenHandlesEditor, { user }));
    expect(text(html)).toContain('凍結・旧アカウント');
    expect(text(html)).toContain('サイトの次回更新後から、プロフィールを公開しているあいだだけ');
    expect(text(html)).toContain('旧アカウントを読み込んでいます…');
    expect(html).toContain('data-testid="frozen-editor"');
  });
});

describe('FrozenHandleItem', () => {
  const props = { uid: 'u1', today: '2026-11-22', busy: null, locked: false, onSave: noop, onRemove: noop };

  it('lists @handle, the date and the note with 編集 and 削除 named by the handle', () => {
    const html = renderToString(createElement(FrozenHandleItem, { ...props, item: item('miu_0312', '2026-11-22', '春まで') }));
    const shown = text(html);
    expect(shown).toContain('@miu_0312');
    expect(shown).toContain('2026年11月22日');
    expect(shown).toContain('春まで');
    expect(shown).toContain('@miu_0312 を編集');
    expect(shown).toContain('@miu_0312 を削除');
    expect(shown).toContain('本人申告');
  });

  it('shows how far the claim is verified', () => {
    const shown = text(renderToString(createElement(FrozenHandleItem, { ...props, item: { ...item('miu'), verification: 'store' } })));
    expect(shown).toContain('店舗確認済み');
  });

  it('says 日付なし without a date', () => {
    expect(text(renderToString(createElement(FrozenHandleItem, { ...props, item: item('miu') })))).toContain('日付なし');
  });

  it('asks before deleting', () => {
    const html = renderToString(createElement(FrozenHandleItem, { ...props, item: item('miu'), initialMode: 'confirm' }));
    expect(html).toContain('role="group"');
    expect(text(html)).toContain('@miu を削除しますか？');
    expect(text(html)).toContain('削除する');
    expect(text(html)).toContain('やめる');
  });

  it('edits the date and note with labels naming the handle', () => {
    const html = renderToString(
      createElement(FrozenHandleItem, { ...props, item: item('miu', '2026-11-01', 'メモ'), initialMode: 'edit' }),
    );
    expect(text(html)).toContain('@miu の凍結日');
    expect(text(html)).toContain('@miu のメモ');
    expect(html).toContain('value="2026-11-01"');
    expect(html).toContain('max="2026-11-22"');
  });

  it('disables its buttons while anything is saving', () => {
    const html = renderToString(createElement(FrozenHandleItem, { ...props, locked: true, item: item('miu') }));
    expect(html.match(/<button[^>]*disabled=""/g)).toHaveLength(2);
  });
});

describe('FrozenAddForm', () => {
  const props = { user, today: '2026-11-22', count: 0, busy: false, locked: false, onAdd: noop };

  it('has the labelled fields and the submit hook', () => {
    const html = renderToString(createElement(FrozenAddForm, props));
    const shown = text(html);
    for (const label of ['旧アカウントのユーザー名', '凍結した日', 'メモ', 'X（旧Twitter）']) expect(shown).toContain(label);
    expect(html).toContain('type="date"');
    expect(html).toContain('max="2026-11-22"');
    expect(html).toContain('data-testid="frozen-add"');
    expect(shown).toContain('0 / 200 文字');
  });

  it('tells about the cap at 10', () => {
    expect(text(renderToString(createElement(FrozenAddForm, { ...props, count: 10 })))).toContain('旧アカウントは 10 件まで登録できます');
  });

  it('shows 登録しています… and a disabled button while saving', () => {
    const html = renderToString(createElement(FrozenAddForm, { ...props, busy: true, locked: true }));
    expect(text(html)).toContain('登録しています…');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="frozen-add"/);
  });
});
