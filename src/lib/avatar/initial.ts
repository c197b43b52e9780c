/** The first character of a name (a whole character, surrogate pairs included), shown where there is no photo. Pure. */
export const nameInitial = (name: string): string => [...name.trim()][0] ?? '?';
