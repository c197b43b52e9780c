/**
 * iCalendar (RFC 5545) feeds of a therapist's shifts. Pure: the same
 * shifts always give the same text, whenever the feed is built, so a
 * rebuild leaves an unchanged feed byte for byte as it was and the deploy
 * uploads only the feeds whose shifts changed.
 */
import type { PublicShift, PublicStore } from '../schema/public';
import { endDateKey, type ShiftTimes } from './shifts/view';
import { storeDisplayName } from './store-name';
import { TOKYO_TIME_ZONE } from './tokyo-date';

const CRLF = '\r\n';
/** RFC 5545 §3.1: content lines are at most 75 octets, line break excluded. */
const MAX_LINE_OCTETS = 75;
/** Right-hand side of every event UID: `{shiftId}@theralink`. */
const UID_DOMAIN = 'theralink';
const PRODID = '-//theralink//schedule//JA';
/** Asia/Tokyo is UTC+9 all year (see TOKYO_VTIMEZONE). */
const TOKYO_UTC_OFFSET_HOURS = 9;

/** Japan has had no daylight saving time since 1951: one STANDARD rule covers every event. */
const TOKYO_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TOKYO_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0900',
  'TZOFFSETTO:+0900',
  'TZNAME:JST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** One event, in Tokyo wall-clock time; `end` earlier than `start` ends the next day. */
export interface CalendarEvent extends ShiftTimes {
  uid: string;
  summary: string;
  /** Empty strings are left out of the event. */
  location: string;
  description: string;
  url: string;
}

export interface CalendarInput {
  /** X-WR-CALNAME, the name calendar apps show for the feed. */
  name: string;
  events: readonly CalendarEvent[];
}

/**
 * Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma
 * get a backslash; any line break becomes `\n`.
 */
export function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** UTF-8 length of one code point (a lone surrogate is encoded as U+FFFD, 3 octets). */
function utf8Octets(char: string): number {
  const codePoint = char.codePointAt(0)!;
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds one content line (RFC 5545 §3.1): every physical line is at most 75
 * octets of UTF-8, continuation lines start with one space (which counts),
 * and a multi-byte character is never split. Unfolding (removing each
 * CRLF + space) gives the line back.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** `20261122T180000` for a Tokyo date key and HH:mm. */
function localDateTime(dateKey: string, time: string): string {
  return `${dateKey.replaceAll('-', '')}T${time.replace(':', '')}00`;
}

/** `20261122T064158Z` for an instant. */
function utcDateTime(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * DTSTAMP (required, UTC): the event's own start instant, not the build
 * time, so it moves only when the shift does (a feed without METHOD:REQUEST
 * is not a scheduling message; subscribers refetch the whole feed).
 */
function eventStamp(event: CalendarEvent): string {
  const [year, month, day] = event.date.split('-').map(Number);
  const [hour, minute] = event.start.split(':').map(Number);
  return utcDateTime(new Date(Date.UTC(year!, month! - 1, day!, hour! - TOKYO_UTC_OFFSET_HOURS, minute!)));
}

function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${eventStamp(event)}`,
    `DTSTART;TZID=${TOKYO_TIME_ZONE}:${localDateTime(event.date, event.start)}`,
    `DTEND;TZID=${TOKYO_TIME_ZONE}:${localDateTime(endDateKey(event), event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
  ];
}

/**
 * A complete VCALENDAR (METHOD:PUBLISH, Asia/Tokyo VTIMEZONE, one VEVENT per
 * event) with CRLF line endings and folded lines.
 */
export function buildCalendar({ name, events }: CalendarInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${TOKYO_TIME_ZONE}`,
    ...TOKYO_VTIMEZONE,
    ...events.flatMap((event) => eventLines(event)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/**
 * The calendar event of one shift: 「出勤：{store}」 at the store's name and
 * address when the shift names a published store, else 「出勤」; the note
 * as description; `url` is the therapist's schedule page.
 */
export function shiftEvent(shift: PublicShift, store: PublicStore | undefined, url: string): CalendarEvent {
  const storeName = store ? storeDisplayName(store) : '';
  return {
    uid: `${shift.id}@${UID_DOMAIN}`,
    date: shift.date,
    start: shift.start,
    end: shift.end,
    summary: storeName ? `出勤：${storeName}` : '出勤',
    location: [storeName, store?.address ?? ''].filter(Boolean).join(', '),
    description: shift.note,
    url,
  };
}

/** The webcal:// address of a feed, which calendar apps open as a subscription. */
export function webcalUrl(feed: URL): string {
  return `webcal://${feed.host}${feed.pathname}`;
}
