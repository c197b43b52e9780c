/**
 * Firestore REST values (the API's typed JSON) to and from plain values.
 * Pure. Timestamps are read as RestTimestamp, which keeps the server's
 * text to the nanosecond: written back unchanged it is the same value, so
 * a rule like `incoming().createdAt == existing().createdAt` holds.
 */

export type RestValue = {
  nullValue?: null;
  booleanValue?: boolean;
  integerValue?: string;
  doubleValue?: number;
  stringValue?: string;
  timestampValue?: string;
  referenceValue?: string;
  arrayValue?: { values?: RestValue[] };
  mapValue?: { fields?: RestFields };
};
export type RestFields = Record<string, RestValue | undefined>;

export class RestTimestamp {
  constructor(readonly text: string) {}

  /** Whole seconds as epoch milliseconds, and the fraction's digits (RFC 3339 in UTC, as the API writes it). */
  #parts(): { wholeMillis: number; fraction: string } {
    const [whole, fraction = ''] = this.text.replace(/Z$/, '').split('.');
    return { wholeMillis: Date.parse(`${whole}Z`), fraction };
  }

  /** Milliseconds since the epoch (the fraction cut to milliseconds, as Date holds it). */
  toMillis(): number {
    const { wholeMillis, fraction } = this.#parts();
    return wholeMillis + Number(fraction.padEnd(3, '0').slice(0, 3));
  }

  toDate(): Date {
    return new Date(this.toMillis());
  }

  /** Seconds and nanoseconds as `s.nnnnnnnnn`: equal text for equal instants. */
  toVersion(): string {
    const { wholeMillis, fraction } = this.#parts();
    return `${wholeMillis / 1000}.${fraction.padEnd(9, '0').slice(0, 9)}`;
  }
}

/** Milliseconds of a REST timestamp field; 0 (the epoch) when missing or malformed. */
export function timestampMillis(value: RestValue | undefined): number {
  const millis = value?.timestampValue ? new RestTimestamp(value.timestampValue).toMillis() : NaN;
  return Number.isNaN(millis) ? 0 : millis;
}

/** A REST value as a plain one: text, number, boolean, null, array, object, or RestTimestamp. */
export function fromRestValue(value: RestValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.integerValue !== undefined) return Number(value.integerValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.booleanValue !== undefined) return value.booleanValue;
  if (value.timestampValue !== undefined) return new RestTimestamp(value.timestampValue);
  if (value.referenceValue !== undefined) return value.referenceValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(fromRestValue);
  if (value.mapValue) return fromRestFields(value.mapValue.fields);
  return null;
}

export function fromRestFields(fields: RestFields | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([key, value]) => [key, fromRestValue(value)]));
}

/** A plain value as a REST one; integers stay integers (firestore.rules tell `int` from `float`). */
export function toRestValue(value: unknown): RestValue {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (value instanceof RestTimestamp) return { timestampValue: value.text };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toRestValue) } };
  if (typeof value === 'object') return { mapValue: { fields: toRestFields(value as Record<string, unknown>) } };
  throw new TypeError(`Firestore cannot store ${typeof value}`);
}

export function toRestFields(values: Record<string, unknown>): RestFields {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, toRestValue(value)]));
}
