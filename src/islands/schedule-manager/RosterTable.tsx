/**
 * The store's roster as a table: a row per confirmed member, a column per
 * day. Each cell is one button that opens the shift form for her on that
 * day (to add, or to edit and delete what is there); a day outside the
 * range shifts may have is not a button unless it holds shifts. The table
 * scrolls sideways inside its own box on a phone, the names staying put.
 */
import type { StoreMember } from '../../lib/membership/client';
import { isShiftDay, shiftsByRosterDay } from '../../lib/shifts/roster';
import type { Shift } from '../../lib/shifts/shift';
import { formatShiftTime } from '../../lib/shifts/view';
import { formatMonthDayWeekday } from '../../lib/tokyo-date';
import { Badge } from '../ui/Badge';

/** The id of a cell's button, where focus returns when its opener is gone. */
export const rosterCellId = (userId: string, date: string) => `roster-${userId}-${date}`;

interface RosterTableProps {
  caption: string;
  members: readonly StoreMember[];
  days: readonly string[];
  today: string;
  /** Each member's shifts at the store (null while they load). */
  shiftsByMember: ReadonlyMap<string, Shift[]> | null;
  onOpen: (member: StoreMember, date: string, shifts: Shift[]) => void;
}

const WEEKDAY_COLOUR: Record<number, string> = { 0: 'text-red-700 dark:text-red-300', 6: 'text-blue-700 dark:text-blue-300' };

/** The name column stays in view while the days scroll under it. */
const stickyColumn = 'sticky left-0 z-10 border-r border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-950';

function DayHeader({ date, isToday }: { date: string; isToday: boolean }) {
  const [, month, day] = date.split('-').map(Number);
  const label = formatMonthDayWeekday(date);
  const weekday = label.slice(label.indexOf('('));
  const colour = WEEKDAY_COLOUR[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
  return (
    <th
      scope="col"
      aria-current={isToday ? 'date' : undefined}
      className={`min-w-20 border-b border-gray-200 px-1 py-2 text-center font-medium dark:border-gray-700 ${
        isToday ? 'bg-brand-50 dark:bg-brand-950/50' : ''
      }`}
    >
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="block tabular-nums">
        {month}/{day}
        <span className={colour}>{weekday}</span>
      </span>
      {isToday && (
        <Badge tone="solid-brand" className="mt-0.5">
          今日
        </Badge>
      )}
    </th>
  );
}

interface CellProps {
  member: StoreMember;
  date: string;
  today: string;
  shifts: Shift[] | undefined;
  onOpen: RosterTableProps['onOpen'];
}

function RosterCell({ member, date, today, shifts, onOpen }: CellProps) {
  if (!shifts) {
    return (
      <span aria-hidden="true" className="flex min-h-12 items-center justify-center text-gray-500 dark:text-gray-400">
        …
      </span>
    );
  }
  const label = `${member.displayName} ${formatMonthDayWeekday(date)}`;
  if (shifts.length === 0 && !isShiftDay(date, today)) {
    return (
      <span className="flex min-h-12 items-center justify-center text-gray-500 dark:text-gray-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{label} は登録できる期間の外です</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      id={rosterCellId(member.id, date)}
      onClick={() => onOpen(member, date, shifts)}
      className="flex min-h-12 w-full cursor-pointer flex-col items-stretch justify-center gap-1 rounded-md p-1 text-center hover:bg-gray-100 dark:hover:bg-gray-800"
    >
      <span className="sr-only">
        {label} の出勤を{shifts.length > 0 ? '編集' : '追加'}
        {shifts.length > 0 ? '：' : ''}
      </span>
      {shifts.length === 0 ? (
        <span aria-hidden="true" className="text-lg leading-none text-gray-500 dark:text-gray-400">
          ＋
        </span>
      ) : (
        shifts.map((shift) => (
          <span
            key={shift.id}
            className="bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-50 block rounded px-1 py-0.5 leading-tight font-medium tabular-nums"
          >
            {formatShiftTime(shift)}
          </span>
        ))
      )}
    </button>
  );
}

export function RosterTable({ caption, members, days, today, shiftsByMember, onOpen }: RosterTableProps) {
  return (
    <div role="region" aria-labelledby="roster-caption" data-testid="roster" className="card relative scroll-pl-24 overflow-x-auto p-0">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption id="roster-caption" className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${stickyColumn} w-24 min-w-24 border-b px-2 py-2 text-left font-medium`}>
              セラピスト
            </th>
            {days.map((date) => (
              <DayHeader key={date} date={date} isToday={date === today} />
            ))}
          </tr>
        </thead>
        <tbody className="[&>tr:first-child>*]:border-t-0">
          {members.map((member) => {
            const byDay = shiftsByMember && shiftsByRosterDay(shiftsByMember.get(member.id) ?? [], days);
            return (
              <tr key={member.id} data-testid={`roster-row-${member.id}`}>
                <th scope="row" className={`${stickyColumn} max-w-24 border-t px-2 py-1 text-left align-middle font-medium`}>
                  <span className="block break-words">{member.displayName}</span>
                  {!member.published && <span className="block text-xs font-normal text-gray-600 dark:text-gray-400">（非公開）</span>}
                </th>
                {days.map((date) => (
                  <td
                    key={date}
                    className={`border-t border-gray-200 p-0.5 align-top dark:border-gray-700 ${
                      date === today ? 'bg-brand-50 dark:bg-brand-950/50' : ''
                    }`}
                  >
                    <RosterCell member={member} date={date} today={today} shifts={byDay?.get(date)} onOpen={onOpen} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
