/** A day of /schedule/manage's week: its 出勤を追加 waits for the week to load. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DaySection } from '../../src/islands/schedule-manager/DaySection';

const addButton = (markup: string) => markup.match(/<button[^>]*data-testid="shift-add-2026-12-03"[^>]*>/)?.[0] ?? '';

const day = (onAdd: ((date: string) => void) | null, shifts: [] | null) =>
  renderToStaticMarkup(<DaySection date="2026-12-03" isToday shifts={shifts} onAdd={onAdd} onEdit={() => {}} onDelete={() => {}} />);

describe('a day of the week editor', () => {
  it('offers 出勤を追加 disabled while the week loads, so no tap lands before its shifts are known', () => {
    expect(addButton(day(null, null))).toMatch(/\sdisabled=""/);
  });

  it('offers it once the week has loaded', () => {
    const button = addButton(day(() => {}, []));
    expect(button).not.toBe('');
    expect(button).not.toMatch(/\sdisabled/);
  });
});
