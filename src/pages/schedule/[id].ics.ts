import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { loadDirectory } from '../../data/directory';
import { buildCalendar, shiftEvent } from '../../lib/ics';
import { schedulePath, upcomingShifts } from '../../lib/shifts-view';
import { SCHEDULE_DAYS_AHEAD } from '../../lib/site';
import { tokyoDateKey } from '../../lib/tokyo-date';

/** One iCalendar feed per published therapist: schedule/{uid}.ics, the same days as her schedule page. */
export const getStaticPaths = (async () => {
  const { therapists } = await loadDirectory();
  return therapists.map((therapist) => ({ params: { id: therapist.id }, props: { therapist } }));
}) satisfies GetStaticPaths;

type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props: { therapist }, site }) => {
  const { storesById, shiftsByTherapist } = await loadDirectory();
  const now = new Date();
  const pageUrl = site ? new URL(schedulePath(therapist.id), site).href : '';
  const shifts = upcomingShifts(shiftsByTherapist.get(therapist.id) ?? [], tokyoDateKey(now), SCHEDULE_DAYS_AHEAD);
  const body = buildCalendar({
    name: `${therapist.displayName}の出勤予定`,
    now,
    events: shifts.map((shift) => shiftEvent(shift, shift.storeId ? storesById.get(shift.storeId) : undefined, pageUrl)),
  });
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
