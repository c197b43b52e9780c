/**
 * The first-visit /favorites view's suggestions (a fan with no 推し yet):
 * three short groups of public therapists, each person once. Pure: the page
 * works them out at build time from the export (src/data/fan-suggestions.ts)
 * and hands them to the island as props.
 */

export interface SuggestedPerson {
  uid: string;
  name: string;
  href: string;
  area: string;
  photoURL: string;
  illustration: string;
  /** What the group says of her: 「本日 14:00〜22:00」, 「推し 12人」, 「5月3日(土) ブログ」. */
  note: string;
}

export interface SuggestionGroup {
  id: 'today' | 'ranked' | 'writing';
  title: string;
  people: SuggestedPerson[];
}

/** People per group: enough to choose from, few enough for a phone screen. */
export const SUGGESTIONS_PER_GROUP = 4;

/**
 * Takes up to SUGGESTIONS_PER_GROUP people from each group's candidates (in
 * their order), skipping anyone an earlier group already shows; empty
 * groups are left out.
 */
export function pickSuggestions(candidates: readonly SuggestionGroup[], perGroup = SUGGESTIONS_PER_GROUP): SuggestionGroup[] {
  const shown = new Set<string>();
  return candidates.flatMap((group) => {
    const people: SuggestedPerson[] = [];
    for (const person of group.people) {
      if (people.length >= perGroup) break;
      if (shown.has(person.uid)) continue;
      shown.add(person.uid);
      people.push(person);
    }
    return people.length > 0 ? [{ ...group, people }] : [];
  });
}
