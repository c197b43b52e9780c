/**
 * 本文: Markdown in a plain textarea, with a toolbar-lite above it whose
 * 画像を挿入 picks a picture and puts `![](image:N)` where the cursor was.
 */
import { useEffect, useId, useRef, type RefObject } from 'react';
import { BLOG_BODY_MAX, MAX_BLOG_IMAGES } from '../../lib/blogs/limits';
import { TextAreaField } from '../forms/TextAreaField';
import type { Selection } from '../../stores/blog-editor/state';
import { smallButton } from './ui';

interface Props {
  value: string;
  error?: string;
  /** Pictures in the blog now (the button turns off at MAX_BLOG_IMAGES). */
  pictureCount: number;
  busy: boolean;
  /** Where to put the cursor after an insert, once. */
  cursor: number | null;
  onCursorApplied(): void;
  onChange(value: string): void;
  onPictures(files: File[], at: Selection): void;
  /** The last cursor position in the body, shared with the pictures panel's 本文に入れる. */
  selection: RefObject<Selection>;
}

export function BodyField({ value, error, pictureCount, busy, cursor, onCursorApplied, onChange, onPictures, selection }: Props) {
  const inputId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (cursor === null || !textarea.current) return;
    textarea.current.focus();
    textarea.current.setSelectionRange(cursor, cursor);
    onCursorApplied();
  }, [cursor, onCursorApplied]);

  const remember = () => {
    const field = textarea.current;
    if (field) selection.current = { start: field.selectionStart, end: field.selectionEnd };
  };
  const full = pictureCount >= MAX_BLOG_IMAGES;

  return (
    <div className="space-y-2">
      <div role="toolbar" aria-label="本文の編集" className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={inputId}
          aria-disabled={busy || full || undefined}
          onPointerDown={remember}
          className={`${smallButton} has-[:focus-visible]:outline-brand-600 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 aria-disabled:cursor-not-allowed`}
        >
          画像を挿入
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            data-testid="body-picture-input"
            disabled={busy || full}
            onFocus={remember}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length > 0) onPictures(files, selection.current);
            }}
          />
        </label>
        <span className="text-sm text-gray-600 dark:text-gray-400">カーソルの位置に画像が入ります（{MAX_BLOG_IMAGES} 枚まで）</span>
      </div>
      <TextAreaField
        ref={textarea}
        name="body"
        label="本文"
        rows={14}
        value={value}
        counterMax={BLOG_BODY_MAX}
        error={error}
        onChange={(event) => onChange(event.target.value)}
        onSelect={remember}
        onBlur={remember}
        hint={
          <>
            Markdown が使えます：<code>## 見出し</code>、<code>**太字**</code>、<code>- 箇条書き</code>、<code>[リンク](https://…)</code>
            、画像は <code>![説明](image:番号)</code>
          </>
        }
      />
    </div>
  );
}
