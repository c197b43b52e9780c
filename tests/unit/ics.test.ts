import { describe, expect, it } from 'vitest';
import type { PublicShift, PublicStore } from '../../src/schema/public';
import { buildCalendar, escapeText, foldLine, shiftEvent, webcalUrl, type CalendarEvent } from '../../src/lib/ics';

const octets = (text: string) => Buffer.byteLength(text, 'utf8');
const unfold = (text: string) => text.replace(/\r\n /g, '');

const store: PublicStore = {
  id: 'store-a',
  displayName: 'アロマ新宿',
  storeName: 'アロマリラク新宿本店',
  profileSlug: 'aroma-shinjuku',
  description: '',
  photoURL: '',
  area: '新宿',
  address: '東京都新宿区西新宿1-2-3',
  nearestStation: '新宿駅',
  hours: '',
  website: '',
  channels: {},
  courses: [],
  options: [],
  verified: false,
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const shift = (id: string, date: string, start: string, end: string, note = ''): PublicShift => ({
  id,
  userId: 'th-1',
  storeId: 'store-a',
  date,
  start,
  end,
  note,
});
const url = 'https://example.com/schedule/th-1';

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
  it('leaves colons and Japanese text alone', () => {
    expect(escapeText('出勤：アロマ新宿 12:00')).toBe('出勤：アロマ新宿 12:00');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets whole and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps continuation lines to 75 octets including the leading space', () => {
    const lines = foldLine('y'.repeat(300)).split('\r\n');
    expect(lines.map(octets)).toEqual([75, 75, 75, 75, 4]);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
  });

  it('folds Japanese text by octets without splitting a character, and unfolds back', () => {
    const line = `DESCRIPTION:${'予約優先・当日受付あり😊'.repeat(8)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      // Each physical line is valid UTF-8 on its own: no lone surrogate, no replacement character.
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
      expect(part.isWellFormed()).toBe(true);
    }
    expect(unfold(folded)).toBe(line);
  });

  it('moves a 3-octet character that would cross the limit to the next line', () => {
    const folded = foldLine(`${'x'.repeat(73)}あ`);
    expect(folded).toBe(`${'x'.repeat(73)}\r\n あ`);
  });
});

describe('shiftEvent', () => {
  it('names the store in the summary and location, with the note as description', () => {
    expect(shiftEvent(shift('s1', '2026-11-22', '18:00', '03:00', '予約優先'), store, url)).toEqual({
      uid: 's1@theralink',
      date: '2026-11-22',
      start: '18:00',
      end: '03:00',
      summary: '出勤：アロマ新宿',
      location: 'アロマ新宿, 東京都新宿区西新宿1-2-3',
      description: '予約優先',
      url,
    });
  });
  it('says only 出勤 without a store', () => {
    const event = shiftEvent(shift('s2', '2026-11-22', '12:00', '18:00'), undefined, url);
    expect([event.summary, event.location, event.description]).toEqual(['出勤', '', '']);
  });
});

describe('buildCalendar', () => {
  const events: CalendarEvent[] = [
    shiftEvent(shift('s1', '2026-11-22', '18:00', '03:00', '予約優先, 当日OK; 詳細は\nプロフィールで'), store, url),
    shiftEvent(shift('s2', '2026-11-30', '12:00', '18:00'), undefined, url),
    shiftEvent(shift('s3', '2026-12-31', '22:00', '02:00'), store, url),
  ];
  const calendar = buildCalendar({ name: 'みうの出勤予定', events });
  const lines = unfold(calendar).split('\r\n');
  const eventBlock = (uid: string) => {
    const start = lines.indexOf(`UID:${uid}`);
    return lines.slice(start, lines.indexOf('END:VEVENT', start));
  };

  it('uses CRLF for every line break and ends with one', () => {
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps every physical line within 75 octets', () => {
    const physical = calendar.split('\r\n');
    expect(physical.every((line) => octets(line) <= 75)).toBe(true);
  });

  it('has the calendar header and the Asia/Tokyo VTIMEZONE', () => {
    expect(lines.slice(0, 16)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//theralink//schedule//JA',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:みうの出勤予定',
      'X-WR-TIMEZONE:Asia/Tokyo',
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'TZNAME:JST',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(3);
  });

  it('writes one event per shift, ending the next day when it passes midnight', () => {
    expect(eventBlock('s1@theralink')).toEqual([
      'UID:s1@theralink',
      'DTSTAMP:20261122T090000Z',
      'DTSTART;TZID=Asia/Tokyo:20261122T180000',
      'DTEND;TZID=Asia/Tokyo:20261123T030000',
      'SUMMARY:出勤：アロマ新宿',
      'LOCATION:アロマ新宿\\, 東京都新宿区西新宿1-2-3',
      'DESCRIPTION:予約優先\\, 当日OK\\; 詳細は\\nプロフィールで',
      `URL:${url}`,
    ]);
    expect(eventBlock('s2@theralink')).toEqual([
      'UID:s2@theralink',
      'DTSTAMP:20261130T030000Z',
      'DTSTART;TZID=Asia/Tokyo:20261130T120000',
      'DTEND;TZID=Asia/Tokyo:20261130T180000',
      'SUMMARY:出勤',
      `URL:${url}`,
    ]);
  });

  it('moves the end across a year boundary', () => {
    expect(eventBlock('s3@theralink').slice(2, 4)).toEqual([
      'DTSTART;TZID=Asia/Tokyo:20261231T220000',
      'DTEND;TZID=Asia/Tokyo:20270101T020000',
    ]);
  });

  it('is the same text for the same shifts whenever it is built, and keeps each UID and DTSTAMP across builds', () => {
    expect(buildCalendar({ name: 'みうの出勤予定', events })).toBe(calendar);
    const later = buildCalendar({ name: 'みうの出勤予定', events: events.slice(1) });
    expect(later.match(/^UID:.*$/gm)).toEqual(['UID:s2@theralink', 'UID:s3@theralink']);
    expect(later.match(/^DTSTAMP:.*$/gm)).toEqual(['DTSTAMP:20261130T030000Z', 'DTSTAMP:20261231T130000Z']);
  });

  it('folds a long Japanese description so it unfolds to the escaped original', () => {
    const note = '本日は予約優先です。空きがあれば当日のご案内も可能です、お気軽にどうぞ。'.repeat(3);
    const text = buildCalendar({
      name: 'みう',
      events: [shiftEvent(shift('long', '2026-11-22', '12:00', '18:00', note), store, url)],
    });
    expect(text.split('\r\n').every((line) => octets(line) <= 75 && line.isWellFormed())).toBe(true);
    expect(unfold(text).split('\r\n')).toContain(`DESCRIPTION:${escapeText(note)}`);
  });
});

describe('webcalUrl', () => {
  it('swaps the scheme and keeps host, port and path', () => {
    expect(webcalUrl(new URL('https://theralink.example/schedule/th-1.ics'))).toBe('webcal://theralink.example/schedule/th-1.ics');
    expect(webcalUrl(new URL('http://127.0.0.1:5050/schedule/th-1.ics'))).toBe('webcal://127.0.0.1:5050/schedule/th-1.ics');
  });
});
