/**
 * What the timeline composer checks before posting (firestore.rules: text
 * 1..500 UTF-16 units, at most 4 pictures), and its local draft. Pure.
 */
import { MAX_POST_IMAGES, POST_TEXT_MAX } from './limits';

/** The text as it is stored: without leading and trailing blank space. */
export function postText(typed: string): string {
  return typed.trim();
}

/** Japanese reason the post cannot be sent, or null. */
export function postProblem(typed: string, pictureCount: number): string | null {
  const text = postText(typed);
  if (!text) return '投稿する内容を入力してください。';
  if (text.length > POST_TEXT_MAX) return `投稿は ${POST_TEXT_MAX} 文字までです（いま ${text.length} 文字）。`;
  if (pictureCount > MAX_POST_IMAGES) return `画像は ${MAX_POST_IMAGES} 枚までです。`;
  return null;
}

export function postDraftKey(uid: string): string {
  return `theralink:draft:post:${uid}`;
}

export const isPostDraft = (value: unknown): value is string => typeof value === 'string';
