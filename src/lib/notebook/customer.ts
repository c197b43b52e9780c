/**
 * One customer as she sees it (only ever in memory, after decryption), its
 * limits, and the JSON form that gets encrypted: padded to 256-byte steps
 * so a ciphertext's length says little about what is in it, and at most
 * RECORD_PLAINTEXT_MAX bytes (the rules bound the ciphertext to match).
 */
import { isDateKey } from '../tokyo-date';
import { parseTags, tagsProblem } from '../profile/tag-input';
import { fromUtf8, utf8, type Bytes } from './bytes';
import { NotebookError } from './errors';

export const NICKNAME_MAX = 40;
export const NOTES_MAX = 5000;
export const COURSE_MAX = 40;
export const VISIT_MEMO_MAX = 500;
export const MINUTES_MAX = 1440;
export const VISITS_MAX = 1000;
/** Largest encrypted record: 64 KiB of padded JSON (a few hundred visits with memos). */
export const RECORD_PLAINTEXT_MAX = 64 * 1024;
export const RECORD_PADDING = 256;

export interface Visit {
  id: string;
  /** YYYY-MM-DD (Tokyo). */
  date: string;
  /** Course name as she writes it (e.g. アロマ). */
  course: string;
  /** Minutes, or null when not noted. */
  minutes: number | null;
  memo: string;
}

export interface Customer {
  /** Stable id inside the encrypted record (survives a move to another slot or account). */
  id: string;
  nickname: string;
  ng: boolean;
  tags: string[];
  notes: string;
  visits: Visit[];
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
}

/** The fields the customer form edits. */
export type CustomerFields = Pick<Customer, 'nickname' | 'ng' | 'tags' | 'notes'>;
export type VisitFields = Omit<Visit, 'id'>;

export function newId(): string {
  return crypto.randomUUID();
}

/** Japanese problems with the form's fields (empty when it can be saved). */
export function customerProblems(fields: CustomerFields): Partial<Record<'nickname' | 'tags' | 'notes', string>> {
  const problems: Partial<Record<'nickname' | 'tags' | 'notes', string>> = {};
  const nickname = fields.nickname.trim();
  if (!nickname) problems.nickname = '呼び名を入力してください。';
  else if (nickname.length > NICKNAME_MAX) problems.nickname = `呼び名は ${NICKNAME_MAX} 文字までです。`;
  const tags = tagsProblem(fields.tags);
  if (tags) problems.tags = tags;
  if (fields.notes.length > NOTES_MAX) problems.notes = `メモは ${NOTES_MAX} 文字までです（いま ${fields.notes.length} 文字）。`;
  return problems;
}

export function visitProblems(fields: VisitFields): Partial<Record<keyof VisitFields, string>> {
  const problems: Partial<Record<keyof VisitFields, string>> = {};
  if (!isDateKey(fields.date)) problems.date = '来店日を選んでください。';
  if (fields.course.length > COURSE_MAX) problems.course = `コースは ${COURSE_MAX} 文字までです。`;
  if (fields.minutes !== null && (!Number.isInteger(fields.minutes) || fields.minutes < 1 || fields.minutes > MINUTES_MAX)) {
    problems.minutes = `時間は 1〜${MINUTES_MAX} 分の整数で入力してください。`;
  }
  if (fields.memo.length > VISIT_MEMO_MAX) problems.memo = `メモは ${VISIT_MEMO_MAX} 文字までです。`;
  return problems;
}

/** Minutes typed in a field: '' is none; anything else a number (checked by visitProblems). */
export function parseMinutes(text: string): number | null {
  const folded = text.normalize('NFKC').trim();
  return folded === '' ? null : Number(folded);
}

export { parseTags };

/** Visits newest first (same day: the later-entered first). */
export function sortVisits(visits: readonly Visit[]): Visit[] {
  return visits
    .map((visit, index) => ({ visit, index }))
    .sort((a, b) => b.visit.date.localeCompare(a.visit.date) || b.index - a.index)
    .map(({ visit }) => visit);
}

export function lastVisit(customer: Customer): string | null {
  return customer.visits.reduce<string | null>((latest, visit) => (latest === null || visit.date > latest ? visit.date : latest), null);
}

// ---- the encrypted form -----------------------------------------------------

const isString = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

function isVisit(value: unknown): value is Visit {
  const visit = value as Visit;
  return (
    typeof visit === 'object' &&
    visit !== null &&
    isString(visit.id, 64) &&
    typeof visit.date === 'string' &&
    isDateKey(visit.date) &&
    isString(visit.course, COURSE_MAX) &&
    (visit.minutes === null || (Number.isInteger(visit.minutes) && visit.minutes >= 1 && visit.minutes <= MINUTES_MAX)) &&
    isString(visit.memo, VISIT_MEMO_MAX)
  );
}

/** Whether a decrypted value is a customer this version can show. */
export function isCustomer(value: unknown): value is Customer {
  const customer = value as Customer;
  return (
    typeof customer === 'object' &&
    customer !== null &&
    isString(customer.id, 64) &&
    customer.id.length > 0 &&
    isString(customer.nickname, NICKNAME_MAX) &&
    typeof customer.ng === 'boolean' &&
    Array.isArray(customer.tags) &&
    customer.tags.every((tag) => typeof tag === 'string') &&
    isString(customer.notes, NOTES_MAX) &&
    Array.isArray(customer.visits) &&
    customer.visits.length <= VISITS_MAX &&
    customer.visits.every(isVisit) &&
    Number.isFinite(customer.createdAt) &&
    Number.isFinite(customer.updatedAt)
  );
}

/** The bytes to encrypt: versioned JSON padded with spaces to a multiple of 256 bytes. */
export function encodeCustomer(customer: Customer): Bytes {
  const json = utf8(JSON.stringify({ v: 1, ...customer }));
  const size = Math.ceil(Math.max(json.length, 1) / RECORD_PADDING) * RECORD_PADDING;
  if (size > RECORD_PLAINTEXT_MAX || customer.visits.length > VISITS_MAX) throw new NotebookError('too-large');
  const padded = new Uint8Array(size).fill(0x20);
  padded.set(json);
  return padded;
}

/** The customer in decrypted bytes; NotebookError('tampered') when they are not one. */
export function decodeCustomer(bytes: Uint8Array): Customer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromUtf8(bytes));
  } catch {
    throw new NotebookError('tampered');
  }
  const { v, ...customer } = (parsed ?? {}) as { v?: unknown } & Record<string, unknown>;
  if (v !== 1 || !isCustomer(customer)) throw new NotebookError('tampered');
  return customer;
}
