/**
 * One open blog editor as a nanostores store with its actions beside it
 * (as withastro/astro's examples/with-nanostores `cartStore.ts` keeps them):
 * `$editor` holds what the island shows, and only these actions change it.
 * Made per editor (each open blog gets its own, and it goes with the
 * editor), by concern: loading and the local draft (drafts.ts), the
 * pictures (pictures.ts), saving, conflicts and deleting (saving.ts). The
 * page's timers and events are attached by the island's hooks
 * (src/islands/blog-editor/editor-hooks.ts).
 */
import type { ReadableAtom } from 'nanostores';
import type { BlogForm, BlogFormField } from '../../lib/blogs/form';
import { createEditorCore, type BlogEditorOptions } from './core';
import { draftActions } from './drafts';
import { pictureActions } from './pictures';
import { savingActions } from './saving';
import type { EditorValues } from './state';

export type { BlogEditorOptions } from './core';

/** A store for the editor of blog `options.initialId` (or NEW_BLOG); nothing happens until `load()`. */
export function createBlogEditor(options: BlogEditorOptions) {
  const core = createEditorCore(options);
  const $editor: ReadableAtom<EditorValues> = core.$editor;
  return {
    $editor,
    /** Writes (or, with nothing unsaved, removes) the local draft now. */
    persistDraft: core.persistDraft,
    /** She changed a field: the form takes the value and the field's error goes. */
    setField<K extends keyof BlogForm>(field: K, value: BlogForm[K], errorField: BlogFormField = field as BlogFormField): void {
      const { form, errors } = core.get();
      const cleared = { ...errors };
      delete cleared[errorField];
      core.patch({ form: { ...form, [field]: value }, ...(errors[errorField] ? { errors: cleared } : {}) });
    },
    /** The body field has put the cursor where an insert left it. */
    clearCursor: () => core.patch({ cursor: null }),
    ...draftActions(core),
    ...pictureActions(core),
    ...savingActions(core),
  };
}

export type BlogEditorStore = ReturnType<typeof createBlogEditor>;
