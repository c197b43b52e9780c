/** 画像を追加 with the count, the last problem, and each chosen picture with 外す. */
import { useId } from 'react';
import { MAX_POST_IMAGES } from '../../lib/posts/limits';
import { buttonClass } from '../../lib/ui-parts';
import { Button } from '../ui/Button';
import type { usePostPictures } from './use-post-pictures';

export function PostPicturePicker({ chosen, busy }: { chosen: ReturnType<typeof usePostPictures>; busy: boolean }) {
  const inputId = useId();
  const { pictures, problem } = chosen;
  const full = pictures.length >= MAX_POST_IMAGES;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} aria-disabled={busy || full || undefined} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          画像を追加
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            data-testid="post-picture-input"
            disabled={busy || full}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length > 0) void chosen.add(files);
            }}
          />
        </label>
        <span className="text-sm text-gray-600 dark:text-gray-400">
          {pictures.length} / {MAX_POST_IMAGES} 枚
        </span>
      </div>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      {pictures.length > 0 && (
        <ul className="grid grid-cols-4 gap-2">
          {pictures.map((picture, index) => (
            <li key={picture.url} className="space-y-1">
              <img
                src={picture.url}
                alt={`画像 ${index + 1}`}
                className="aspect-square w-full rounded bg-gray-100 object-cover dark:bg-gray-800"
              />
              <Button
                variant="danger"
                size="sm"
                className="w-full"
                onClick={() => chosen.remove(index)}
                aria-label={`画像 ${index + 1} を外す`}
              >
                外す
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
