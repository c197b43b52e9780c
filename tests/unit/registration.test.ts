import { describe, expect, it } from 'vitest';
import { normalizeRegistration, validateRegistration, type Registration } from '../../src/lib/auth/registration';

const valid: Registration = {
  kind: 'therapist',
  name: 'さくら',
  slug: 'sakura',
  area: '新宿',
  email: 'sakura@example.test',
  password: 'long-enough',
  agreed: true,
};

describe('validateRegistration', () => {
  it('accepts a complete registration', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it.each([
    [{ name: '  ' }, 'name', '表示名を入力してください。'],
    [{ kind: 'store' as const, name: '' }, 'name', '店舗名を入力してください。'],
    [{ name: 'あ'.repeat(41) }, 'name', '表示名は 40 文字以内にしてください。'],
    [{ slug: 'ab' }, 'slug', 'URL は 3 文字以上にしてください。'],
    [{ slug: 'login' }, 'slug', 'この URL は使えません。別の文字列にしてください。'],
    [{ area: '' }, 'area', 'エリアを選んでください。'],
    [{ area: '火星' }, 'area', '「火星」は選べるエリアにありません。一覧から選び直してください。'],
    [{ area: '..' }, 'area', '「..」は選べるエリアにありません。一覧から選び直してください。'],
    [{ email: '' }, 'email', 'メールアドレスを入力してください。'],
    [{ email: 'sakura@example' }, 'email', 'メールアドレスの形式が正しくありません。'],
    [{ password: '' }, 'password', 'パスワードを入力してください。'],
    [{ password: 'short' }, 'password', 'パスワードは 8 文字以上にしてください。'],
    [{ agreed: false }, 'agreed', '登録するには利用規約への同意が必要です。'],
  ])('reports %j at %s', (change, field, message) => {
    expect(validateRegistration({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it('asks a fan for the login only: no name, profile URL or area', () => {
    expect(validateRegistration({ ...valid, kind: 'fan', name: '', slug: '', area: '' })).toEqual({});
    expect(validateRegistration({ ...valid, kind: 'fan', name: '', slug: '', area: '', email: '', agreed: false })).toEqual({
      email: 'メールアドレスを入力してください。',
      agreed: '登録するには利用規約への同意が必要です。',
    });
  });

  it('allows a store name up to 60 characters', () => {
    expect(validateRegistration({ ...valid, kind: 'store', name: '店'.repeat(60) })).toEqual({});
  });
});

describe('normalizeRegistration', () => {
  it('trims the name and email and folds the slug', () => {
    const input = { ...valid, name: ' さくら ', email: ' sakura@example.test ', slug: 'Sakura Tokyo' };
    expect(normalizeRegistration(input)).toMatchObject({ name: 'さくら', email: 'sakura@example.test', slug: 'sakura-tokyo' });
  });
});
