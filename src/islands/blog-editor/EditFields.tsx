/**
 * The editing pane of an open blog: タイトル, タグ, 本文 with its
 * toolbar-lite, 画像 and 公開設定, each wired to the editor's actions.
 */
import type { RefObject } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { BLOG_TITLE_MAX } from '../../lib/blogs/limits';
import { tagsToText } from '../../lib/profile/tag-input';
import type { Selection } from '../../stores/blog-editor/state';
import { TagsField } from '../forms/TagsField';
import { TextField } from '../forms/TextField';
import { BodyField } from './BodyField';
import { PicturesPanel } from './PicturesPanel';
import { PublishSettings } from './PublishSettings';
import type { BlogEditorState } from './use-blog-editor';

interface Props {
  editor: BlogEditorState;
  user: AuthUser;
  /** The tags the form's text holds (parsed once for the field and the preview). */
  tags: readonly string[];
  /** The last cursor position in the body, where a picture goes. */
  selection: RefObject<Selection>;
  /** The tab panel's id (the tabs on a phone name it). */
  id: string;
  labelledBy: string;
  /** Its classes beyond the spacing (hidden on a phone while the preview shows). */
  hidden: string;
}

export function EditFields({ editor, user, tags, selection, id, labelledBy, hidden }: Props) {
  const { form, errors, busy } = editor;
  const unsaved = new Set([...editor.pending].filter(([, picture]) => !picture.uploaded).map(([slot]) => slot));
  return (
    <div id={id} role="tabpanel" aria-labelledby={labelledBy} className={`space-y-5 ${hidden}`}>
      <TextField
        name="title"
        label="タイトル"
        required
        value={form.title}
        error={errors.title}
        onChange={(event) => editor.setField('title', event.target.value)}
        hint={
          <span className={form.title.trim().length > BLOG_TITLE_MAX ? 'font-bold text-red-700 dark:text-red-300' : undefined}>
            {form.title.trim().length} / {BLOG_TITLE_MAX} 文字
          </span>
        }
      />
      <TagsField
        name="tags"
        label="タグ"
        value={form.tagsText}
        tags={tags}
        error={errors.tags}
        hint="「、」やスペースで区切って 10 個まで（1 つ 20 文字まで）"
        onChange={(text) => editor.setField('tagsText', text, 'tags')}
        onRemove={(tag) => editor.setField('tagsText', tagsToText(tags.filter((kept) => kept !== tag)), 'tags')}
      />
      <BodyField
        value={form.body}
        error={errors.body}
        pictureCount={form.images.length}
        busy={busy !== false}
        cursor={editor.cursor}
        onCursorApplied={editor.clearCursor}
        onChange={(value) => editor.setField('body', value)}
        onPictures={(files, at) => void editor.addPictures(files, at)}
        selection={selection}
      />
      <PicturesPanel
        images={form.images}
        cover={form.cover}
        imageUrl={editor.imageUrl}
        unsaved={unsaved}
        busy={busy !== false}
        error={editor.pictureError}
        fieldError={errors.images}
        onAdd={(files) => void editor.addPictures(files)}
        onCover={(slot) => editor.setField('cover', slot)}
        onInsert={(slot) => editor.insertPicture(slot, selection.current)}
        onRemove={editor.removePicture}
      />
      <PublishSettings
        user={user}
        mode={form.mode}
        publishAt={form.publishAt}
        isPublic={editor.blogState === 'published'}
        modeError={errors.mode}
        publishAtError={errors.publishAt}
        onMode={(mode) => editor.setField('mode', mode)}
        onPublishAt={(value) => editor.setField('publishAt', value)}
      />
    </div>
  );
}
