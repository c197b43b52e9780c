import { describe, expect, it } from 'vitest';
import { ownAvatarPath, STORAGE_DOWNLOAD_ORIGIN, type PhotoPathContext } from '../../src/lib/avatar/photo-path';

const context: PhotoPathContext = {
  uid: 'alice',
  bucket: 'demo-theralink.appspot.com',
  origins: [STORAGE_DOWNLOAD_ORIGIN, 'http://127.0.0.1:9199'],
};

const url = (origin: string, bucket: string, path: string) =>
  `${origin}/v0/b/${bucket}/o/${encodeURIComponent(path)}?alt=media&token=abc`;

describe('ownAvatarPath', () => {
  it('finds the path of our own avatar in a production download URL', () => {
    expect(ownAvatarPath(url(STORAGE_DOWNLOAD_ORIGIN, context.bucket, 'avatars/alice/1700000000000.webp'), context)).toBe(
      'avatars/alice/1700000000000.webp',
    );
  });

  it('finds it in an emulator download URL', () => {
    expect(ownAvatarPath(url('http://127.0.0.1:9199', context.bucket, 'avatars/alice/1.jpg'), context)).toBe('avatars/alice/1.jpg');
  });

  it('leaves everything else alone', () => {
    for (const photoURL of [
      '',
      'not a url',
      'https://example.com/avatars/alice/1.webp',
      url('https://evil.example', context.bucket, 'avatars/alice/1.webp'),
      url(STORAGE_DOWNLOAD_ORIGIN, 'other-bucket', 'avatars/alice/1.webp'),
      url(STORAGE_DOWNLOAD_ORIGIN, context.bucket, 'avatars/bob/1.webp'),
      url(STORAGE_DOWNLOAD_ORIGIN, context.bucket, 'avatars/alice'),
      url(STORAGE_DOWNLOAD_ORIGIN, context.bucket, 'avatars/alice/'),
      url(STORAGE_DOWNLOAD_ORIGIN, context.bucket, 'avatars/alice/sub/1.webp'),
      url(STORAGE_DOWNLOAD_ORIGIN, context.bucket, 'avatars/alice/../bob/1.webp'),
      url(STORAGE_DOWNLOAD_ORIGIN, context.bucket, 'avatars/alicexyz/1.webp'),
      url(STORAGE_DOWNLOAD_ORIGIN, context.bucket, 'blogs/alice/1.webp'),
      `${STORAGE_DOWNLOAD_ORIGIN}/v0/b/${context.bucket}/o/%E0%A4%A?alt=media`,
    ]) {
      expect(ownAvatarPath(photoURL, context), photoURL).toBeNull();
    }
  });

  it('needs a uid', () => {
    expect(ownAvatarPath(url(STORAGE_DOWNLOAD_ORIGIN, context.bucket, 'avatars//1.webp'), { ...context, uid: '' })).toBeNull();
  });
});
