/**
 * The blog editor's form: what she types and picks, how a stored blog
 * fills it, and the checks that mirror firestore.rules (title 1..100,
 * body ≤ 20000, tags, publishing only with a verified email, a 予約 time
 * in the future), plus the Markdown bounds every page render holds the
 * body to (src/lib/markdown/bounds.ts). Pure, so the unit tests cover it directly.
 */
import { markdownProblem } from '../markdown/bounds';
import { parseTags, tagsProblem, tagsToText } from '../profile/tag-input';
import type { StoredBlog } from './blog';
import { BLOG_TITLE_MAX, MAX_BLOG_IMAGES } from './limits';
import { dateToTokyoLocal, tokyoLocalToDate } from './publish-time';

/** 下書き, 今すぐ公開 (or, for a blog already public, 公開中のまま), 予約投稿. */
export type PublishMode = 'draft' | 'now' | 'scheduled';

export interface BlogForm {
  title: string;
  body: string;
  /** Tags as typed (TagsField). */
  tagsText: string;
  mode: PublishMode;
  /** The 予約 time as datetime-local text, Tokyo time ('' when none). */
  publishAt: string;
  /** Picture slots in use, in the order she added them. */
  images: number[];
  cover: number | null;
}

export const EMPTY_BLOG_FORM: BlogForm = { title: '', body: '', tagsText: '', mode: 'draft', publishAt: '', images: [], cover: null };

export type BlogFormField = 'title' | 'body' | 'tags' | 'mode' | 'publishAt' | 'images';
export type BlogFormErrors = Partial<Record<BlogFormField, string>>;
/** The order errors are focused in (the first one gets the focus). */
export const BLOG_FIELD_ORDER: readonly BlogFormField[] = ['title', 'tags', 'body', 'images', 'mode', 'publishAt'];

export const PUBLISH_NEEDS_VERIFIED_EMAIL = '公開するには、メールアドレスの確認が必要です。下書きとしては保存できます。';

/** The form a stored blog makes at `now` (a 予約 whose time has come counts as public). */
export function formFromBlog(blog: StoredBlog, now: Date = new Date()): BlogForm {
  const scheduled = blog.published && blog.publishAt !== null && blog.publishAt.getTime() > now.getTime();
  return {
    title: blog.title,
    body: blog.body,
    tagsText: tagsToText(blog.tags),
    mode: !blog.published ? 'draft' : scheduled ? 'scheduled' : 'now',
    publishAt: scheduled && blog.publishAt ? dateToTokyoLocal(blog.publishAt) : '',
    images: [...blog.images],
    cover: blog.cover,
  };
}

/** True when two forms would save the same blog (tags compared as parsed, not as typed). */
export function sameBlogForm(a: BlogForm, b: BlogForm): boolean {
  return (
    a.title === b.title &&
    a.body === b.body &&
    parseTags(a.tagsText).join('\u0000') === parseTags(b.tagsText).join('\u0000') &&
    a.mode === b.mode &&
    (a.mode !== 'scheduled' || a.publishAt === b.publishAt) &&
    a.images.join(',') === b.images.join(',') &&
    a.cover === b.cover
  );
}

export interface ValidateContext {
  emailVerified: boolean;
  now: Date;
  /** The blog as stored, when editing one: an unchanged 予約 time may have come meanwhile. */
  stored?: Pick<StoredBlog, 'published' | 'publishAt'> | null;
}

export type ValidatedBlog =
  | {
      ok: true;
      title: string;
      body: string;
      tags: string[];
      cover: number | null;
      images: number[];
      mode: PublishMode;
      publishAt: Date | null;
    }
  | { ok: false; errors: BlogFormErrors };

/** The form's problems in Japanese, or the values to save. */
export function validateBlogForm(form: BlogForm, context: ValidateContext): ValidatedBlog {
  const errors: BlogFormErrors = {};
  const title = form.title.trim();
  if (!title) errors.title = 'タイトルを入力してください（下書きにも必要です）。';
  else if (title.length > BLOG_TITLE_MAX) errors.title = `タイトルは ${BLOG_TITLE_MAX} 文字までです（いま ${title.length} 文字）。`;
  // Its length, and how deep it nests and how much work it makes: a body the pages would refuse to render is not saved.
  const bodyProblem = markdownProblem(form.body);
  if (bodyProblem) errors.body = bodyProblem.message;
  const tags = parseTags(form.tagsText);
  const tagProblem = tagsProblem(tags);
  if (tagProblem) errors.tags = tagProblem;
  if (form.images.length > MAX_BLOG_IMAGES) errors.images = `画像は ${MAX_BLOG_IMAGES} 枚までです。`;
  if (form.mode !== 'draft' && !context.emailVerified) errors.mode = PUBLISH_NEEDS_VERIFIED_EMAIL;
  let publishAt: Date | null = null;
  if (form.mode === 'scheduled') {
    publishAt = tokyoLocalToDate(form.publishAt);
    const unchanged =
      publishAt !== null && context.stored?.published === true && context.stored.publishAt?.getTime() === publishAt.getTime();
    if (!form.publishAt) errors.publishAt = '公開する日時を選んでください。';
    else if (!publishAt) errors.publishAt = '日時の形式が正しくありません。もう一度選んでください。';
    else if (!unchanged && publishAt.getTime() <= context.now.getTime()) errors.publishAt = '予約の日時は、いまより後にしてください。';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const cover = form.cover !== null && form.images.includes(form.cover) ? form.cover : null;
  return { ok: true, title, body: form.body, tags, cover, images: [...form.images], mode: form.mode, publishAt };
}
