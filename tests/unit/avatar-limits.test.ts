import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_SIDE, AVATAR_MESSAGES, fileProblem, fitWithin, MAX_AVATAR_BYTES, MAX_SOURCE_BYTES } from '../../src/lib/avatar/limits';

const MB = 1024 * 1024;

describe('avatar limits', () => {
  it('are 10 MB picked, 1 MB uploaded, 512 px', () => {
    expect(MAX_SOURCE_BYTES).toBe(10 * MB);
    expect(MAX_AVATAR_BYTES).toBe(1 * MB);
    expect(AVATAR_MAX_SIDE).toBe(512);
  });
});

describe('fileProblem', () => {
  it('lets an image up to 10 MB through (decoding decides the rest)', () => {
    expect(fileProblem({ type: 'image/jpeg', size: 3 * MB })).toBeNull();
    expect(fileProblem({ type: 'image/png', size: MAX_SOURCE_BYTES })).toBeNull();
    expect(fileProblem({ type: 'IMAGE/HEIC', size: 1000 })).toBeNull();
  });

  it('refuses a file that is not an image', () => {
    expect(fileProblem({ type: 'text/plain', size: 12 })).toBe('画像ファイルを選んでください。');
    expect(fileProblem({ type: '', size: 12 })).toBe(AVATAR_MESSAGES.notImage);
    expect(fileProblem({ type: 'application/pdf', size: 12 * MB })).toBe(AVATAR_MESSAGES.notImage);
  });

  it('refuses an image over 10 MB', () => {
    expect(fileProblem({ type: 'image/jpeg', size: 12 * MB })).toBe('画像が大きすぎます（10MB まで）。');
    expect(fileProblem({ type: 'image/jpeg', size: MAX_SOURCE_BYTES + 1 })).toBe(AVATAR_MESSAGES.tooLarge);
  });

  it('refuses an empty file', () => {
    expect(fileProblem({ type: 'image/png', size: 0 })).toBe(AVATAR_MESSAGES.unreadable);
  });

  it('works on real File objects', () => {
    expect(fileProblem(new File(['hello'], 'note.txt', { type: 'text/plain' }))).toBe(AVATAR_MESSAGES.notImage);
  });
});

describe('fitWithin for avatars', () => {
  it('brings the long side to 512 px, never enlarging', () => {
    expect(fitWithin({ width: 4032, height: 3024 }, AVATAR_MAX_SIDE)).toEqual({ width: 512, height: 384 });
    expect(fitWithin({ width: 1080, height: 1920 }, AVATAR_MAX_SIDE)).toEqual({ width: 288, height: 512 });
    expect(fitWithin({ width: 200, height: 100 }, AVATAR_MAX_SIDE)).toEqual({ width: 200, height: 100 });
  });
});
