/**
 * 画像: the blog's pictures (up to MAX_BLOG_IMAGES), each with 表紙にする,
 * 本文に入れる and 外す, and a button to add more. Pictures are resized in
 * the browser to at most 1600 px (WebP) when picked and uploaded when she
 * saves.
 */
import { useId } from 'react';
import { MAX_BLOG_IMAGES } from '../../lib/blogs/limits';
import { buttonClass } from '../../lib/ui-parts';
import { Button } from '../ui/Button';

interface Props {
  images: readonly number[];
  cover: number | null;
  imageUrl(slot: number): string | null;
  /** Slots picked here but not saved yet. */
  unsaved: ReadonlySet<number>;
  busy: boolean;
  error: string;
  fieldError?: string;
  onAdd(files: File[]): void;
  onCover(slot: number | null): void;
  onInsert(slot: number): void;
  onRemove(slot: number): void;
}

export function PicturesPanel({ images, cover, imageUrl, unsaved, busy, error, fieldError, onAdd, onCover, onInsert, onRemove }: Props) {
  const id = useId();
  const full = images.length >= MAX_BLOG_IMAGES;
  return (
    <section aria-labelledby={`${id}-heading`} className="card space-y-3" data-testid="blog-pictures">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-heading`} className="text-lg font-bold">
          画像{' '}
          <span className="field-hint font-normal">
            {images.length} / {MAX_BLOG_IMAGES} 枚
          </span>
        </h3>
        <label
          htmlFor={`${id}-input`}
          aria-disabled={busy || full || undefined}
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          画像を追加
          <input
            id={`${id}-input`}
            name="images"
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            data-testid="blog-picture-input"
            disabled={busy || full}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length > 0) onAdd(files);
            }}
          />
        </label>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        10MB までの画像を選べます。1600 ピクセルに縮小してから、保存するときにアップロードします。
      </p>
      {error && (
        <p role="alert" data-testid="blog-picture-error" className="field-error">
          {error}
        </p>
      )}
      {fieldError && <p className="field-error">{fieldError}</p>}
      {images.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((slot) => {
            const url = imageUrl(slot);
            const isCover = cover === slot;
            return (
              <li key={slot} className="space-y-2 rounded-md border border-gray-200 p-2 dark:border-gray-700" data-testid="blog-picture">
                <div className="relative">
                  {url ? (
                    <img
                      src={url}
                      alt={`画像 ${slot}`}
                      className="aspect-square w-full rounded bg-gray-100 object-cover dark:bg-gray-800"
                    />
                  ) : (
                    <div className="flex aspect-square w-full items-center justify-center rounded bg-gray-100 text-sm text-gray-600 dark:bg-gray-800 dark:text-gray-300">
                      読み込み中…
                    </div>
                  )}
                  <span className="absolute top-1 left-1 rounded bg-gray-900/80 px-1.5 text-xs font-bold text-white">image:{slot}</span>
                  {isCover && <span className="bg-brand-700 absolute top-1 right-1 rounded px-1.5 text-xs font-bold text-white">表紙</span>}
                </div>
                {unsaved.has(slot) && <p className="text-xs text-amber-800 dark:text-amber-200">未保存</p>}
                <div className="grid gap-1">
                  <Button variant="secondary" size="sm" aria-pressed={isCover} onClick={() => onCover(isCover ? null : slot)}>
                    {isCover ? '表紙をやめる' : '表紙にする'}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => onInsert(slot)}>
                    本文に入れる
                  </Button>
                  <Button variant="danger" size="sm" onClick={() => onRemove(slot)} aria-label={`画像 ${slot} を外す`}>
                    外す
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
