/** The pictures of a post being written: prepared in the browser (≤ 1600 px WebP), at most four. */
import { useEffect, useRef, useState } from 'react';
import { fileProblem } from '../../lib/avatar/limits';
import { ImageError, prepareImage } from '../../lib/avatar/resize';
import { CONTENT_IMAGE_MAX_SIDE, MAX_CONTENT_IMAGE_BYTES } from '../../lib/blogs/limits';
import { MAX_POST_IMAGES } from '../../lib/posts/limits';

export interface Picture {
  blob: Blob;
  url: string;
}

/**
 * The chosen pictures with their preview URLs (revoked when they go), the
 * last problem in words, and `preparing` while files are being resized.
 */
export function usePostPictures() {
  const [pictures, setPictures] = useState<Picture[]>([]);
  const picturesRef = useRef(pictures);
  picturesRef.current = pictures;
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState('');

  useEffect(
    () => () => {
      for (const picture of picturesRef.current) URL.revokeObjectURL(picture.url);
    },
    [],
  );

  const add = async (files: File[]) => {
    setProblem('');
    setPreparing(true);
    try {
      for (const file of files) {
        if (picturesRef.current.length >= MAX_POST_IMAGES) {
          setProblem(`画像は ${MAX_POST_IMAGES} 枚までです。`);
          break;
        }
        const unfit = fileProblem(file);
        if (unfit) {
          setProblem(unfit);
          continue;
        }
        try {
          const { blob } = await prepareImage(file, {
            maxSide: CONTENT_IMAGE_MAX_SIDE,
            maxBytes: MAX_CONTENT_IMAGE_BYTES,
            allowJpeg: false,
          });
          const next = [...picturesRef.current, { blob, url: URL.createObjectURL(blob) }];
          picturesRef.current = next;
          setPictures(next);
        } catch (failure) {
          setProblem(failure instanceof ImageError ? failure.message : 'この画像は読み込めませんでした。別の画像を選んでください。');
        }
      }
    } finally {
      setPreparing(false);
    }
  };

  const remove = (index: number) => {
    const picture = pictures[index];
    if (picture) URL.revokeObjectURL(picture.url);
    setPictures(pictures.filter((_, at) => at !== index));
  };

  /** After a post is sent: the previews go. */
  const clear = () => {
    for (const picture of pictures) URL.revokeObjectURL(picture.url);
    setPictures([]);
  };

  return { pictures, preparing, problem, add, remove, clear };
}
