/**
 * The blog editor's local draft (localStorage, src/lib/forms/local-draft.ts):
 * the whole form, saved as she types, under her uid and the blog's id
 * (`new` before the first save), with the version of the stored blog it
 * was typed over. Pure apart from the key.
 */
import type { BlogForm } from './form';

/** The id a blog has before its first save. */
export const NEW_BLOG = 'new';

export interface BlogDraft {
  form: BlogForm;
  /** The stored version (StoredBlog.version) the draft started from; null for a new blog. */
  baseVersion: string | null;
}

export function blogDraftKey(uid: string, blogId: string): string {
  return `${blogDraftKeyPrefix(uid)}${blogId}`;
}

/** What every blog draft key of `uid` starts with. */
export function blogDraftKeyPrefix(uid: string): string {
  return `theralink:draft:blog:${uid}:`;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isSlot = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) < 100;

/** A stored value that is a blog draft (anything else, e.g. from an older version of the site, is ignored). */
export function isBlogDraft(value: unknown): value is BlogDraft {
  const draft = value as Partial<BlogDraft> | null;
  const form = draft?.form as Partial<BlogForm> | undefined;
  return (
    !!form &&
    (draft!.baseVersion === null || isString(draft!.baseVersion)) &&
    isString(form.title) &&
    isString(form.body) &&
    isString(form.tagsText) &&
    (form.mode === 'draft' || form.mode === 'now' || form.mode === 'scheduled') &&
    isString(form.publishAt) &&
    Array.isArray(form.images) &&
    form.images.every(isSlot) &&
    (form.cover === null || isSlot(form.cover))
  );
}

/** True when the form holds anything typed at all (an untouched new blog is not worth a draft). */
export function hasContent(form: BlogForm): boolean {
  return form.title.trim() !== '' || form.body.trim() !== '' || form.tagsText.trim() !== '' || form.images.length > 0;
}
