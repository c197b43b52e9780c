/**
 * Who /favorites suggests to a fan with no 推し yet, from public data only:
 * therapists working today (the build's Tokyo date; /favorites is a clock
 * page, rendered every cycle), the most 推し'd (the ranking) and those who
 * wrote a blog most recently.
 */
import { illustrationPath } from '../lib/illustration';
import { profilePath } from '../lib/routes';
import { formatShiftTime } from '../lib/shifts/view';
import { attendanceOn } from '../lib/today';
import { formatMonthDayWeekday, tokyoDateKey } from '../lib/tokyo-date';
import { pickSuggestions, type SuggestedPerson, type SuggestionGroup } from '../lib/favorites/suggestions';
import type { PublicTherapist } from '../schema/public';
import { loadDirectory, type Directory } from './directory';
import { rankingView } from './ranking';
import { renderNow } from './render-context';

/** Candidates looked at per group before de-duplication. */
const CANDIDATES = 12;

function person(therapist: PublicTherapist, note: string): SuggestedPerson {
  return {
    uid: therapist.id,
    name: therapist.displayName,
    href: profilePath(therapist.profileSlug),
    area: therapist.area,
    photoURL: therapist.photoURL,
    illustration: illustrationPath(therapist.id),
    note,
  };
}

function recentWriters(site: Directory): SuggestedPerson[] {
  const newest = [...site.blogsByAuthor.values()].flatMap((blogs) => {
    const blog = blogs[0];
    const therapist = blog && blog.ownerKind === 'therapist' ? site.therapistsById.get(blog.userId) : undefined;
    return therapist && blog ? [{ therapist, publishedAt: blog.publishedAt }] : [];
  });
  newest.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.therapist.id.localeCompare(b.therapist.id));
  return newest
    .slice(0, CANDIDATES)
    .map(({ therapist, publishedAt }) => person(therapist, `${formatMonthDayWeekday(tokyoDateKey(new Date(publishedAt)))} ブログ`));
}

export async function fanSuggestions(): Promise<SuggestionGroup[]> {
  const site = await loadDirectory();
  const today = attendanceOn(tokyoDateKey(renderNow()), site.shifts, site.therapistsById, site.storesById)
    .slice(0, CANDIDATES)
    .map(({ shift, therapist }) => person(therapist, `本日 ${formatShiftTime(shift)}`));
  const ranked = rankingView(site)
    .overall.slice(0, CANDIDATES)
    .flatMap((row) => {
      const therapist = site.therapistsById.get(row.uid);
      return therapist ? [person(therapist, `推し ${row.count}人`)] : [];
    });
  return pickSuggestions([
    { id: 'today', title: '本日出勤するセラピスト', people: today },
    { id: 'ranked', title: '推しの多いセラピスト', people: ranked },
    { id: 'writing', title: '最近ブログを書いたセラピスト', people: recentWriters(site) },
  ]);
}
