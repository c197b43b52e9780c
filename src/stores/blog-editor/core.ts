/**
 * What the blog editor's actions share: its nanostores map, the values that
 * live as long as the editor but are never shown (kept here, in the
 * closure, where the hook once kept refs), and writing the local draft.
 * Only the action modules beside it use this; islands get the store from
 * createBlogEditor.
 */
import { map, type MapStore } from 'nanostores';
import type { BlogForm, BlogFormField } from '../../lib/blogs/form';
import { blogDraftKey, type BlogDraft } from '../../lib/blogs/local-draft';
import { removeLocalDraft, writeLocalDraft } from '../../lib/forms/local-draft';
import { formIsDirty, initialEditorValues, type EditorValues, type PendingPictures } from './state';

/** What an editor is opened with: her, the blog, and what it asks of the page. */
export interface BlogEditorOptions {
  uid: string;
  /** The blog's id, or NEW_BLOG. */
  initialId: string;
  /** Whether her email is verified now (it may become so while the editor is open). */
  emailVerified(): boolean;
  /** A new blog got its id (the address should say so). */
  onIdAssigned(id: string): void;
  /** The blog was deleted or the new one discarded. */
  onClosed(): void;
  /** Asks her to confirm (the browser's confirm dialog). */
  confirm(question: string): boolean;
  /** Moves the focus to the field with the first error. */
  focusField(field: BlogFormField): void;
}

/** Long-lived values no one sees. */
export interface EditorMemory {
  /**
   * The stored version her text was typed over, when older than the one
   * loaded (a draft restored after a save elsewhere): the next save checks
   * against it, so she is asked instead of silently overwriting.
   */
  typedOver: string | null;
  /** Deleted or discarded: nothing may write its draft again. */
  closed: boolean;
  /** Stored pictures whose display URL was asked for (`{blogId}/{slot}`), each asked once. */
  requested: Set<string>;
}

export interface EditorCore {
  options: BlogEditorOptions;
  $editor: MapStore<EditorValues>;
  memory: EditorMemory;
  get(): EditorValues;
  /** Sets several values at once (one notification). */
  patch(values: Partial<EditorValues>): void;
  /** The local draft's key: her uid and the blog's id (NEW_BLOG until the first save). */
  draftKey(): string;
  changeForm(update: (current: BlogForm) => BlogForm): void;
  changePending(update: (current: PendingPictures) => PendingPictures): void;
  /** Writes (or, with nothing unsaved, removes) the local draft now. */
  persistDraft(): void;
}

/** The shared part of a new editor of `options.initialId`. */
export function createEditorCore(options: BlogEditorOptions): EditorCore {
  const $editor = map<EditorValues>(initialEditorValues(options.initialId));
  const memory: EditorMemory = { typedOver: null, closed: false, requested: new Set() };
  const get = () => $editor.get();
  const patch = (values: Partial<EditorValues>) => $editor.set({ ...$editor.get(), ...values });
  const draftKey = () => blogDraftKey(options.uid, get().blogId);

  const persistDraft = () => {
    const { phase, form, stored, base } = get();
    if (phase !== 'ready' || memory.closed) return;
    if (formIsDirty(form, { stored, base })) {
      writeLocalDraft<BlogDraft>(draftKey(), { form, baseVersion: memory.typedOver ?? stored?.version ?? null });
    } else {
      removeLocalDraft(draftKey());
    }
  };

  return {
    options,
    $editor,
    memory,
    get,
    patch,
    draftKey,
    changeForm: (update) => patch({ form: update(get().form) }),
    changePending: (update) => patch({ pending: update(get().pending) }),
    persistDraft,
  };
}
