/** The benches' summary of repeated runs: the median (the lower middle of an even count), beside the worst. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
