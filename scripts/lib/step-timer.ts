/** Milliseconds per named step of a run, each from the end of the one before (the `--verbose` lines of the live loop). */
export function stepTimer(): { timings: Record<string, number>; step(name: string): void } {
  const timings: Record<string, number> = {};
  let lap = performance.now();
  return {
    timings,
    step(name) {
      const at = performance.now();
      timings[name] = Math.round(at - lap);
      lap = at;
    },
  };
}
