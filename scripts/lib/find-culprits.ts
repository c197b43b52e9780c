/**
 * Which records make a step fail, found by leaving records out: the
 * pipeline's answer to "no document can stop a cycle" for failures nobody
 * foresaw. The export's derivation and the build's pages are functions of
 * the records; when one throws, the records it throws on are found by
 * halving (delta debugging, one culprit at a time), left out, and named,
 * and the step runs on without them.
 *
 * `fails(without)` runs the step on every record but `without` and says
 * whether it still fails (and why). It must not fail once every candidate
 * is left out: a step that fails on no data at all is broken code, which
 * stops the cycle as it should.
 */

/** A record the step failed on, and the failure it caused. */
export interface Culprit<T> {
  item: T;
  message: string;
}

export interface CulpritSearch<T> {
  /** The records that may be to blame (order: the likeliest first). */
  candidates: readonly T[];
  /** Runs the step without `without`: the failure's message, or null when it succeeds. */
  fails(without: ReadonlySet<T>): Promise<string | null>;
  /** Records to try alone first (a good guess saves the halving). */
  guesses?: readonly T[];
  /** Stop after this many culprits (a flood of bad records is reported, not searched forever). */
  max?: number;
}

/** A step that still fails with every candidate left out: not a record's fault. */
export class NotARecordError extends Error {}

/**
 * The culprits of a failing step, in the order found: leaving all of them
 * out makes the step succeed. `firstFailure` is the failure seen with every
 * record in. Probes: at most guesses + (log2(candidates) + 1) per culprit.
 */
export async function findCulprits<T>(search: CulpritSearch<T>, firstFailure: string): Promise<Culprit<T>[]> {
  const { candidates, fails, guesses = [], max = 20 } = search;
  const out = new Set<T>();
  const culprits: Culprit<T>[] = [];
  let failure: string | null = firstFailure;
  const without = (extra: Iterable<T>) => new Set([...out, ...extra]);

  for (const guess of guesses) {
    if (failure === null || culprits.length >= max) break;
    if (out.has(guess)) continue;
    const rest = await fails(without([guess]));
    if (rest === failure && rest !== null) continue;
    // Leaving it out changed the outcome: it was (one of) the reason(s).
    culprits.push({ item: guess, message: failure });
    out.add(guess);
    failure = rest;
  }

  while (failure !== null && culprits.length < max) {
    let pool = candidates.filter((item) => !out.has(item));
    if ((await fails(without(pool))) !== null) {
      throw new NotARecordError(`The step fails with every record left out, so no record is to blame: ${failure}`);
    }
    // Invariant: with `aside` (and the culprits found) left out the step fails, and with `pool` also out it succeeds.
    const aside = new Set<T>();
    let lastFailure = failure;
    while (pool.length > 1) {
      const half = pool.slice(0, Math.ceil(pool.length / 2));
      const other = pool.slice(half.length);
      const result = await fails(without([...aside, ...half]));
      if (result !== null) {
        // Still failing without `half`: a culprit is in `other`, and the half is set aside (put back afterwards).
        for (const item of half) aside.add(item);
        pool = other;
        lastFailure = result;
      } else {
        pool = half;
      }
    }
    const culprit = pool[0]!;
    culprits.push({ item: culprit, message: lastFailure });
    out.add(culprit);
    failure = await fails(without([]));
  }
  return culprits;
}
