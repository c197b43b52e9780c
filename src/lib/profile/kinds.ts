/** The two profile kinds, their collections and their public pages. Pure. */
export type ProfileKind = 'therapist' | 'store';

export function profileCollection(kind: ProfileKind): 'accounts' | 'stores' {
  return kind === 'store' ? 'stores' : 'accounts';
}
