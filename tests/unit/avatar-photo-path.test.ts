import { describe, expect, it } from 'vitest';
import { avatarSlot, nextAvatarPath, ownAvatarPath } from '../../src/lib/avatar/photo-path';
import { photoPath } from '../../src/schema/common';

describe('ownAvatarPath', () => {
  it('accepts the user’s own avatar paths', () => {
    expect(ownAvatarPath('avatars/alice/0.webp', 'alice')).toBe('avatars/alice/0.webp');
    expect(ownAvatarPath('avatars/alice/1.jpg', 'alice')).toBe('avatars/alice/1.jpg');
    expect(ownAvatarPath('avatars/alice/1.png', 'alice')).toBe('avatars/alice/1.png');
  });

  it('leaves everything else alone', () => {
    for (const photo of [
      '',
      'avatars/bob/0.webp',
      'avatars/alicexyz/0.webp',
      'avatars/alice/2.webp',
      'avatars/alice/0.gif',
      'avatars/alice/sub/0.webp',
      'avatars/alice/../bob/0.webp',
      'blogs/alice/0.webp',
      'https://firebasestorage.googleapis.com/v0/b/x/o/avatars%2Falice%2F0.webp?alt=media',
    ]) {
      expect(ownAvatarPath(photo, 'alice')).toBeNull();
    }
  });

  it('needs a uid', () => {
    expect(ownAvatarPath('avatars//0.webp', '')).toBeNull();
  });
});

describe('nextAvatarPath', () => {
  it('alternates between the two slots', () => {
    expect(nextAvatarPath('alice', '', 'image/webp')).toBe('avatars/alice/0.webp');
    expect(nextAvatarPath('alice', 'avatars/alice/0.webp', 'image/webp')).toBe('avatars/alice/1.webp');
    expect(nextAvatarPath('alice', 'avatars/alice/1.jpg', 'image/jpeg')).toBe('avatars/alice/0.jpg');
  });

  it('starts at slot 0 when the current photo is not hers', () => {
    expect(nextAvatarPath('alice', 'avatars/bob/0.webp', 'image/webp')).toBe('avatars/alice/0.webp');
  });

  it('names the slot of a path', () => {
    expect(avatarSlot('avatars/alice/1.webp')).toBe(1);
    expect(avatarSlot('avatars/alice/0.png')).toBe(0);
    expect(avatarSlot('nope')).toBeNull();
  });
});

describe('the schema agrees', () => {
  it('accepts every path this module makes, for generated and custom uids', () => {
    for (const type of ['image/webp', 'image/jpeg'] as const) {
      const first = nextAvatarPath('demo-therapist', '', type);
      expect(photoPath.safeParse(first).success).toBe(true);
      expect(photoPath.safeParse(nextAvatarPath('demo-therapist', first, type)).success).toBe(true);
    }
    for (const type of ['image/webp', 'image/jpeg'] as const) {
      const first = nextAvatarPath('Alice9', '', type);
      expect(photoPath.safeParse(first).success).toBe(true);
      expect(photoPath.safeParse(nextAvatarPath('Alice9', first, type)).success).toBe(true);
    }
  });
});
