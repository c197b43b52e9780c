import type { APIRoute } from 'astro';
import { loadDirectory } from '../../data/directory';
import { renderNow } from '../../data/render-context';
import { exportRoutePaths } from '../../data/site-pages';
import { buildCalendar, shiftEvent } from '../../lib/ics';
import { schedulePath } from '../../lib/routes';
import { upcomingShifts } from '../../lib/shifts/view';
import { SCHEDULE_DAYS_AHEAD } from '../../lib/site';
import { tokyoDateKey } from '../../lib/tokyo-date';

/** One iCalendar feed per published therapist: schedule/{uid}.ics, the same days as her schedule page. */
export function getStaticPaths() {
  return exportRoutePaths('/schedule/[id].ics');
}

export const GET: APIRoute = async ({ params, site }) => {
  const { therapistsById, storesById, shiftsByTherapist } = await loadDirectory();
  const therapist = therapistsById.get(params.id ?? '');
  if (!therapist) return new Response(null, { status: 404 });
  const now = renderNow();
  const pageUrl = site ? new URL(schedulePath(therapist.id), site).href : '';
  const shifts = upcomingShifts(shiftsByTherapist.get(therapist.id) ?? [], tokyoDateKey(now), SCHEDULE_DAYS_AHEAD);
  const body = buildCalendar({
    name: `${therapist.displayName}の出勤予定`,
    now,
    events: shifts.map((shift) => shiftEvent(shift, shift.storeId ? storesById.get(shift.storeId) : undefined, pageUrl)),
  });
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
