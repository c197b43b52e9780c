import { beforeEach, describe, expect, it } from 'vitest';
import { readDraft } from '../../src/lib/forms/session-draft';
import { dropDraft, settleDraft } from '../../src/lib/profile/draft-base';

/** sessionStorage for node: what the browser's does, for the calls the drafts make. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const KEY = 'theralink:draft:profile:therapist:alice';
const doc1 = { bio: 'はじめまして', tags: '癒し系' };
const doc2 = { bio: '新しい自己紹介', tags: '癒し系' };
const typeDraft = (value: object) => sessionStorage.setItem(KEY, JSON.stringify(value));

beforeEach(() => {
  Object.defineProperty(globalThis, 'sessionStorage', { value: new MemoryStorage(), configurable: true });
});

describe('settleDraft', () => {
  it('restores nothing on a first visit, and records the document as the base', () => {
    expect(settleDraft(KEY, doc1)).toBe(false);
    expect(readDraft(`${KEY}:base`, {})).toEqual(doc1);
  });

  it('restores changes typed before a reload (they win over the document)', () => {
    settleDraft(KEY, doc1);
    typeDraft({ ...doc1, bio: '書きかけ' });
    expect(settleDraft(KEY, doc1)).toBe(true);
    expect(readDraft(KEY, doc1).bio).toBe('書きかけ');
  });

  it('keeps restored changes over a document changed elsewhere, with their old base', () => {
    settleDraft(KEY, doc1);
    typeDraft({ ...doc1, tags: '新人' });
    expect(settleDraft(KEY, doc2)).toBe(true);
    expect(readDraft(`${KEY}:base`, {})).toEqual(doc1);
  });

  it('lets an untouched draft give way to a newer document', () => {
    settleDraft(KEY, doc1);
    typeDraft(doc1); // useSessionDraft writes the draft as soon as the form shows
    expect(settleDraft(KEY, doc2)).toBe(false);
    expect(readDraft(KEY, doc2)).toEqual(doc2);
    expect(readDraft(`${KEY}:base`, {})).toEqual(doc2);
  });

  it('treats a draft without a base as changes', () => {
    typeDraft({ ...doc1, bio: '書きかけ' });
    expect(settleDraft(KEY, doc1)).toBe(true);
  });
});

describe('dropDraft', () => {
  it('forgets the draft and its base', () => {
    settleDraft(KEY, doc1);
    typeDraft({ ...doc1, bio: '書きかけ' });
    dropDraft(KEY);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(sessionStorage.getItem(`${KEY}:base`)).toBeNull();
    expect(settleDraft(KEY, doc2)).toBe(false);
  });
});
