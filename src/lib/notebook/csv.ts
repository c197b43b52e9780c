/**
 * The plaintext CSV export (she asks for it explicitly, after a warning).
 * UTF-8 with a byte-order mark so spreadsheet apps read the Japanese;
 * a cell starting with = + - @ (or a tab / CR) gets a leading ' so no app
 * runs it as a formula (CSV injection).
 */
import { lastVisit, sortVisits, type Customer } from './customer';

const HEADER = ['呼び名', 'NG', 'タグ', '最終来店', '来店回数', 'メモ', '来店記録'];

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function visitLine(visit: Customer['visits'][number]): string {
  return [visit.date, visit.course, visit.minutes === null ? '' : `${visit.minutes}分`, visit.memo].filter(Boolean).join(' ');
}

export function customersCsv(customers: readonly Customer[]): string {
  const rows = customers.map((customer) => [
    customer.nickname,
    customer.ng ? 'NG' : '',
    customer.tags.join('、'),
    lastVisit(customer) ?? '',
    String(customer.visits.length),
    customer.notes,
    sortVisits(customer.visits).map(visitLine).join('\n'),
  ]);
  return `\ufeff${[HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
