/** The two profile kinds, their collections and their public pages. Pure. */
export type ProfileKind = 'therapist' | 'store';

export function profileCollection(kind: ProfileKind): 'accounts' | 'stores' {
  return kind === 'store' ? 'stores' : 'accounts';
}

/** The public page of a profile (live after the next rebuild once published). */
export function publicProfilePath(kind: ProfileKind | null, slug: string): string {
  return `${kind === 'store' ? '/store-profile' : '/profile'}/${slug}`;
}
