/**
 * Performance-timeline names the island records, so the benchmark (and any
 * curious developer, in DevTools) can read how long each step took.
 */
export const MARKS = {
  selected: 'skin:selected',
  verdictShown: 'skin:verdict-shown',
  modelRequested: 'skin:model-requested',
  /** Its detail names the TensorFlow.js backend. */
  modelLoaded: 'skin:model-loaded',
  modelClassified: 'skin:model-classified',
} as const;

export const MEASURES = {
  /** From the file being chosen to its verdict on screen. */
  firstVerdict: 'skin:first-verdict',
  /** From the button press to the model being ready (chunks fetched, weights built, warmed up). */
  modelLoad: 'skin:model-load',
  /** One classification of the analysed copy. */
  modelClassify: 'skin:model-classify',
} as const;
