/**
 * Optimistic 推し toggles for one page view. A tap flips what the buttons
 * show at once; the write follows. Taps during a write only change the
 * wanted state, and the write loop settles on the last one (each write is
 * idempotent, so a double tap costs at most one extra write). A failed
 * write rolls the buttons back to what is saved and reports why. Pure:
 * the writes and the display are passed in.
 */
import type { FavoriteKind } from './markup';

export interface FavoriteWrites {
  add(uid: string, kind: FavoriteKind): Promise<void>;
  remove(uid: string): Promise<void>;
}

export interface FavoriteDisplay {
  /** The state to show for a target (pending: a write is under way). */
  show(uid: string, on: boolean, pending: boolean): void;
  /** A write failed and was rolled back; `error` is what the write threw. */
  failed(uid: string, error: unknown): void;
}

export class FavoriteToggles {
  private readonly saved: Set<string>;
  private readonly wanted = new Map<string, boolean>();
  private readonly writing = new Set<string>();

  constructor(
    saved: Iterable<string>,
    private readonly writes: FavoriteWrites,
    private readonly display: FavoriteDisplay,
  ) {
    this.saved = new Set(saved);
  }

  /** Learns that these targets are saved 推し (a lookup answered). */
  know(saved: Iterable<string>): void {
    for (const uid of saved) this.saved.add(uid);
  }

  /** What the buttons of `uid` show now. */
  isOn(uid: string): boolean {
    return this.wanted.get(uid) ?? this.saved.has(uid);
  }

  /** Flips `uid` at once and writes; resolves when the writes for it have settled. */
  async toggle(uid: string, kind: FavoriteKind): Promise<void> {
    this.wanted.set(uid, !this.isOn(uid));
    this.display.show(uid, this.isOn(uid), true);
    if (this.writing.has(uid)) return;
    this.writing.add(uid);
    try {
      await this.settle(uid, kind);
    } finally {
      this.writing.delete(uid);
      this.wanted.delete(uid);
      this.display.show(uid, this.saved.has(uid), false);
    }
  }

  private async settle(uid: string, kind: FavoriteKind): Promise<void> {
    for (let want = this.wanted.get(uid); want !== undefined && want !== this.saved.has(uid); want = this.wanted.get(uid)) {
      try {
        if (want) await this.writes.add(uid, kind);
        else await this.writes.remove(uid);
      } catch (error) {
        this.wanted.delete(uid);
        this.display.failed(uid, error);
        return;
      }
      if (want) this.saved.add(uid);
      else this.saved.delete(uid);
    }
  }
}
