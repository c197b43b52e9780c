/**
 * Former (frozen) handles as their owner enters them: normalisation,
 * per-field Japanese problems and the document id. Pure, so the editor,
 * the client module and the unit tests share one set of rules.
 * firestore.rules checks the same shape (docs/decisions/former-handles.md).
 */
import { MAX_FORMER_HANDLES } from '../caps';
import { handleProblem, normalizeHandle } from '../handles';
import { formatLongDate, isDateKey } from '../tokyo-date';

/** Platforms a former handle can belong to (only X for now). */
export type FrozenPlatform = 'x';

/** How each platform is named in the UI. */
export const FROZEN_PLATFORM_LABELS: Record<FrozenPlatform, string> = { x: 'X（旧Twitter）' };

/** The longest note, in characters (String length, as the schema counts). */
export const FROZEN_NOTE_MAX = 200;

/** Former handles per account (the rules hold her to it through users/{uid}/handleSlots/{0..9}). */
export const FROZEN_HANDLES_LIMIT = MAX_FORMER_HANDLES;

/** What the add form holds while she types (kept as a session draft). */
export interface FrozenEntryDraft {
  handle: string;
  /** YYYY-MM-DD from the date input, or '' for no date. */
  frozenOn: string;
  note: string;
}

/** A validated, normalised entry, ready to be written. */
export interface FrozenEntry {
  platform: FrozenPlatform;
  handle: string;
  frozenOn: string | null;
  note: string;
}

/** The fields a problem can belong to. */
export type FrozenEntryField = 'handle' | 'frozenOn' | 'note';
/** Japanese message per field; a field without a problem is absent. */
export type FrozenEntryProblems = Partial<Record<FrozenEntryField, string>>;

/** Field order on the form, for focusing the first problem. */
export const FROZEN_FIELD_ORDER: readonly FrozenEntryField[] = ['handle', 'frozenOn', 'note'];

/** frozenAccounts/{id}: `${platform}_${handle}` (e.g. x_miu_0312), handle normalised. */
export function frozenAccountId(platform: FrozenPlatform, handle: string): string {
  return `${platform}_${handle}`;
}

/** The note as stored: surrounding spaces and blank lines dropped. */
export function cleanNote(note: string): string {
  return note.trim();
}

/** '' (or null) → null, otherwise the trimmed text from the date input. */
export function cleanFrozenOn(frozenOn: string | null): string | null {
  const value = (frozenOn ?? '').trim();
  return value === '' ? null : value;
}

/** Japanese reason the date is not acceptable, or null (an empty date is fine). */
export function frozenOnProblem(frozenOn: string | null, today: string): string | null {
  const value = cleanFrozenOn(frozenOn);
  if (value === null) return null;
  if (!isDateKey(value)) return '日付を正しく入力してください（例: 2026-11-22）。';
  if (value > today) return '未来の日付は登録できません。今日以前の日付を入力してください。';
  return null;
}

/** Japanese reason the note is too long, or null. */
export function noteProblem(note: string): string | null {
  const length = cleanNote(note).length;
  if (length > FROZEN_NOTE_MAX) {
    return `メモは ${FROZEN_NOTE_MAX} 文字以内で入力してください（いま ${length} 文字）。`;
  }
  return null;
}

/** Problems of the date and note (all an edit can change). */
export function frozenEditProblems(edit: { frozenOn: string | null; note: string }, today: string): Omit<FrozenEntryProblems, 'handle'> {
  const problems: Omit<FrozenEntryProblems, 'handle'> = {};
  const frozenOn = frozenOnProblem(edit.frozenOn, today);
  if (frozenOn) problems.frozenOn = frozenOn;
  const note = noteProblem(edit.note);
  if (note) problems.note = note;
  return problems;
}

/**
 * Per-field problems of a new entry. `today` is the Tokyo date key
 * (tokyoDateKey()), so a date later than today is refused.
 */
export function frozenEntryProblems(entry: { handle: string; frozenOn: string | null; note: string }, today: string): FrozenEntryProblems {
  const handle = handleProblem(entry.handle);
  return { ...(handle ? { handle } : {}), ...frozenEditProblems(entry, today) };
}

/** The draft as it is written: handle normalised, empty date → null, note trimmed. */
export function toFrozenEntry(draft: FrozenEntryDraft, platform: FrozenPlatform = 'x'): FrozenEntry {
  return {
    platform,
    handle: normalizeHandle(draft.handle),
    frozenOn: cleanFrozenOn(draft.frozenOn),
    note: cleanNote(draft.note),
  };
}

/** 「2026年11月22日」, or 「日付なし」 when no date was given. */
export function formatFrozenOn(frozenOn: string | null): string {
  return frozenOn && isDateKey(frozenOn) ? formatLongDate(frozenOn) : '日付なし';
}

/** True when the account already has as many handles as she may. */
export function frozenLimitReached(count: number): boolean {
  return count >= FROZEN_HANDLES_LIMIT;
}
