/**
 * 本文: a plain textarea with the toolbar above it (BodyToolbar.tsx), which
 * writes the Markdown for her: 見出し, 太字 and 箇条書き at the cursor or
 * around the selection, リンク to an address she gives, and 画像, her
 * pictures put in where the cursor is. The help text names no syntax.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { insertLink, toggleBold, toggleHeading, toggleList, type BodyEdit } from '../../lib/blogs/body-format';
import { BLOG_BODY_MAX, MAX_BLOG_IMAGES } from '../../lib/blogs/limits';
import type { Selection } from '../../stores/blog-editor/state';
import { TextAreaField } from '../forms/TextAreaField';
import { BodyToolbar, type FormatAction } from './BodyToolbar';

interface Props {
  value: string;
  error?: string;
  /** The blog's pictures (slots) and their display URLs, for the toolbar's thumbnails. */
  images: readonly number[];
  imageUrl(slot: number): string | null;
  busy: boolean;
  /** Where to put the cursor after a picture went in, once. */
  cursor: number | null;
  onCursorApplied(): void;
  onChange(value: string): void;
  onPictures(files: File[], at: Selection): void;
  onInsertPicture(slot: number, at: Selection): void;
  /** The last cursor position in the body, shared with the pictures panel's 本文に入れる. */
  selection: RefObject<Selection>;
}

const FORMATS: Record<FormatAction, (text: string, start: number, end: number) => BodyEdit> = {
  heading: toggleHeading,
  bold: toggleBold,
  list: toggleList,
};

/** Focuses the body with `range` selected, and remembers it as her selection. */
function selectIn(field: HTMLTextAreaElement | null, selection: RefObject<Selection>, range: Selection): void {
  if (!field) return;
  field.focus();
  field.setSelectionRange(range.start, range.end);
  selection.current = range;
}

export function BodyField({
  value,
  error,
  images,
  imageUrl,
  busy,
  cursor,
  onCursorApplied,
  onChange,
  onPictures,
  onInsertPicture,
  selection,
}: Props) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The selection a toolbar edit leaves, applied once the new text is in the field.
  const [pending, setPending] = useState<Selection | null>(null);

  useEffect(() => {
    if (cursor === null) return;
    selectIn(textarea.current, selection, { start: cursor, end: cursor });
    onCursorApplied();
  }, [cursor, onCursorApplied, selection]);
  useLayoutEffect(() => {
    if (!pending) return;
    selectIn(textarea.current, selection, pending);
    setPending(null);
  }, [pending, value, selection]);

  const remember = () => {
    const field = textarea.current;
    if (field) selection.current = { start: field.selectionStart, end: field.selectionEnd };
  };
  const apply = (edit: BodyEdit) => {
    onChange(edit.text);
    setPending({ start: edit.start, end: edit.end });
  };
  // Where the edit applies: the field's own selection while it has the focus, else the last one remembered.
  const current = (): Selection => {
    const field = textarea.current;
    if (field && document.activeElement === field) return { start: field.selectionStart, end: field.selectionEnd };
    const { start, end } = selection.current;
    return { start: Math.min(start, value.length), end: Math.min(end, value.length) };
  };
  const format = (action: FormatAction) => {
    const { start, end } = current();
    apply(FORMATS[action](value, start, end));
  };
  const full = images.length >= MAX_BLOG_IMAGES;

  return (
    <div>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        data-testid="body-picture-input"
        disabled={busy || full}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onPictures(files, selection.current);
        }}
      />
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
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'b') {
            event.preventDefault();
            format('bold');
          }
        }}
        toolbar={
          <BodyToolbar
            images={images}
            imageUrl={imageUrl}
            picturesOff={busy || full}
            picturesFull={full}
            onFormat={format}
            onLink={(address) => {
              const { start, end } = current();
              apply(insertLink(value, start, end, address));
            }}
            onInsertPicture={(slot) => onInsertPicture(slot, current())}
            onPickPictures={() => {
              selection.current = current();
              fileInput.current?.click();
            }}
          />
        }
        hint="文字を選んでから「太字」などを押すと、その部分に書式が付きます。写真は「画像」から、カーソルの位置に入れられます（本文では image:番号 の目印になり、公開ページでは写真が表示されます）。"
      />
    </div>
  );
}
