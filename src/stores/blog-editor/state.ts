/**
 * What one open blog editor holds (the value of its store, see
 * create-blog-editor.ts) and what the islands derive from it: whether
 * anything is unsaved, and the URL a picture shows at. Pure.
 */
import type { StoredBlog } from '../../lib/blogs/blog';
import { EMPTY_BLOG_FORM, sameBlogForm, type BlogForm, type BlogFormErrors } from '../../lib/blogs/form';
import { hasContent, type BlogDraft } from '../../lib/blogs/local-draft';

export type LoadPhase = 'loading' | 'offer' | 'ready' | 'missing' | 'failed';
export type Busy = false | 'preparing' | 'uploading' | 'saving' | 'deleting';

export type EditorStatus = { kind: 'error' | 'success' | 'info'; text: string; link?: { href: string; label: string } };

/** A picture picked in this browser: its file until a save has put it in the blog. */
export interface PendingPicture {
  blob: Blob;
  url: string;
  /** Uploaded already (by a save that then failed): the next save does not upload it again. */
  uploaded: boolean;
}

export interface RestoreOffer {
  draft: BlogDraft;
  savedAt: number;
  /** The stored blog was saved (elsewhere) after the draft was typed over it. */
  storedChanged: boolean;
}

/** Where the cursor was when a picture was asked for, to insert its reference there. */
export interface Selection {
  start: number;
  end: number;
}

export type PendingPictures = ReadonlyMap<number, PendingPicture>;

export interface EditorValues {
  /** The blog's id, or NEW_BLOG until its first save gives it one. */
  blogId: string;
  phase: LoadPhase;
  /** The blog as stored; null for a new blog. */
  stored: StoredBlog | null;
  /** The form the stored blog makes: what "unsaved" is measured against. */
  base: BlogForm;
  form: BlogForm;
  /** A local draft that differs from the stored blog (復元 / 破棄). */
  offer: RestoreOffer | null;
  /** The local draft of a blog that is gone (deleted elsewhere), which she may still keep. */
  orphanDraft: BlogDraft | null;
  pending: PendingPictures;
  /** Display URLs of stored pictures ('' when one could not be read). */
  urls: Readonly<Record<number, string>>;
  errors: BlogFormErrors;
  pictureError: string;
  /** The editor's last word (a save's result, a restore, a refusal). */
  message: EditorStatus | null;
  busy: Busy;
  /** The version saved elsewhere that a save ran into (上書き / their version). */
  conflict: StoredBlog | null;
  /** Another tab's draft of the same blog. */
  otherTab: BlogDraft | null;
  /** Where the cursor goes after an insert (applied by the body field). */
  cursor: number | null;
}

/** An editor of blog `blogId` (or NEW_BLOG) before anything is loaded. */
export function initialEditorValues(blogId: string): EditorValues {
  return {
    blogId,
    phase: 'loading',
    stored: null,
    base: EMPTY_BLOG_FORM,
    form: EMPTY_BLOG_FORM,
    offer: null,
    orphanDraft: null,
    pending: new Map(),
    urls: {},
    errors: {},
    pictureError: '',
    message: null,
    busy: false,
    conflict: null,
    otherTab: null,
    cursor: null,
  };
}

/** The form differs from the stored blog (for a new blog: it holds anything at all). */
export function formIsDirty(form: BlogForm, against: Pick<EditorValues, 'stored' | 'base'>): boolean {
  return against.stored ? !sameBlogForm(form, against.base) : hasContent(form);
}

/** Something is not saved yet: the form, or a picture not uploaded. Only a ready editor has anything to lose. */
export function hasUnsavedChanges(values: Pick<EditorValues, 'phase' | 'form' | 'stored' | 'base' | 'pending'>): boolean {
  if (values.phase !== 'ready') return false;
  return formIsDirty(values.form, values) || [...values.pending.values()].some((picture) => !picture.uploaded);
}

/** The URL picture `slot` shows at, or null (not in the form's `images`, or not readable yet). */
export function pictureUrl(shown: { images: readonly number[] } & Pick<EditorValues, 'pending' | 'urls'>, slot: number): string | null {
  return shown.images.includes(slot) ? shown.pending.get(slot)?.url || shown.urls[slot] || null : null;
}
