/**
 * The Firestore reads and writes the job makes, counted as Firestore bills
 * them: a query one read per document returned (at least one), a getAll
 * one per document asked for, a batch one write per operation.
 */
export class FirestoreUsage {
  reads = 0;
  writes = 0;

  query(snapshot: { size: number }): void {
    this.reads += Math.max(1, snapshot.size);
  }

  documents(count: number): void {
    this.reads += count;
  }

  batch(operations: number): void {
    this.writes += operations;
  }
}
