/**
 * The file input as a large drop zone: a <label> for a visually hidden
 * input, so a tap or Enter/Space opens the picker, and a drop lands here.
 */
import { useId, useState, type DragEvent } from 'react';

interface Props {
  onFile(file: File): void;
}

export default function PhotoPicker({ onFile }: Props) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <label
      htmlFor={id}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-dragging={dragging || undefined}
      className="border-brand-700 bg-brand-50 hover:bg-brand-100 has-[:focus-visible]:outline-brand-600 data-[dragging]:bg-brand-100 dark:border-brand-300 dark:has-[:focus-visible]:outline-brand-300 flex min-h-40 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-6 text-center text-gray-900 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:data-[dragging]:bg-gray-800"
    >
      <svg aria-hidden="true" width="40" height="40" viewBox="0 0 24 24" className="text-brand-700 dark:text-brand-300">
        <path
          fill="currentColor"
          d="M19 5v14H5V5h14m0-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm-4.86 8.86-3 3.87L9 13.14 6 17h12l-3.86-5.14Z"
        />
      </svg>
      <span className="text-base font-bold">写真を選ぶ</span>
      <span className="text-sm text-gray-700 dark:text-gray-300">
        タップして選ぶか、ここに画像をドロップしてください（JPEG・PNG・WebP・HEIC）
      </span>
      <input
        id={id}
        type="file"
        accept="image/*,.heic,.heif"
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again still counts as a choice.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
