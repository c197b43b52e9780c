/**
 * What marked's emphasis and strikethrough openers cost, for the bounds
 * (inline-scan.ts): each run that can open makes marked scan ahead, run by
 * run, counting openers up and closers down, until its count is closed, or
 * to the end of the paragraph when it never is. A paragraph of openers that
 * never close (`*~あ*い~う` over and over) costs runs × length: seconds.
 *
 * One OpenerScans follows the runs of one delimiter (and, for `*` and `_`,
 * one class of opener length modulo 3, whose closers the "rule of 3" may
 * skip) and adds up the characters every opener's scan passes over: all
 * the pending scans move together, so a heap of where each one ends keeps
 * it at n log n.
 */

interface Scan {
  /** The balance at which it is closed. */
  closedAt: number;
  start: number;
  /** How many openers scan from here (a run that fails is tried again from each of its characters). */
  weight: number;
}

export class OpenerScans {
  /** Characters scanned by the scans that ended. */
  private ended = 0;
  private balance = 0;
  /** The pending scans' weights, and their weights × starts: what they cost up to a position. */
  private pendingWeight = 0;
  private pendingWeightedStart = 0;
  /** A max-heap on closedAt: the scans the next closer ends come first. */
  private readonly pending: Scan[] = [];

  /** A run that only opens: the pending scans count it up. */
  up(length: number) {
    this.balance += length;
  }

  /** A run that closes, at `position`: the pending scans count it down, and those it closes end there. */
  down(length: number, position: number) {
    this.balance -= length;
    while (this.pending.length > 0 && this.pending[0]!.closedAt >= this.balance) {
      const scan = this.pop();
      this.ended += scan.weight * (position - scan.start);
      this.pendingWeight -= scan.weight;
      this.pendingWeightedStart -= scan.weight * scan.start;
    }
  }

  /** An opener of `length` at `position`: its scan starts. */
  open(length: number, position: number, weight: number) {
    this.push({ closedAt: this.balance - length, start: position, weight });
    this.pendingWeight += weight;
    this.pendingWeightedStart += weight * position;
  }

  /** Characters scanned if the paragraph ended at `position` (the scans never closed run to it). */
  costAt(position: number): number {
    return this.ended + this.pendingWeight * position - this.pendingWeightedStart;
  }

  private push(scan: Scan) {
    const heap = this.pending;
    heap.push(scan);
    for (let index = heap.length - 1; index > 0;) {
      const parent = (index - 1) >> 1;
      if (heap[parent]!.closedAt >= heap[index]!.closedAt) break;
      [heap[parent], heap[index]] = [heap[index]!, heap[parent]!];
      index = parent;
    }
  }

  private pop(): Scan {
    const heap = this.pending;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let index = 0; ;) {
        const left = 2 * index + 1;
        const right = left + 1;
        let largest = index;
        if (left < heap.length && heap[left]!.closedAt > heap[largest]!.closedAt) largest = left;
        if (right < heap.length && heap[right]!.closedAt > heap[largest]!.closedAt) largest = right;
        if (largest === index) break;
        [heap[largest], heap[index]] = [heap[index]!, heap[largest]!];
        index = largest;
      }
    }
    return top;
  }
}
