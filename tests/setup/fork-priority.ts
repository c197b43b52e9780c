/**
 * Lowers this test fork's priority to $TEST_FORK_NICENESS (scripts/test.ts
 * sets it for the unit files, which fill the time the
 * browser files leave). The fork, not the Vitest process that runs it: a
 * Vitest process starved by its own busy forks let a fork's report wait
 * past Vitest's 60 s RPC limit ("Timeout calling onTaskUpdate"). Threads and
 * processes the fork starts afterwards (renderer workers, Pagefind, tsx)
 * inherit the priority.
 */
import { setPriority } from 'node:os';

const niceness = Number(process.env.TEST_FORK_NICENESS ?? 0);
if (niceness > 0) setPriority(niceness);
