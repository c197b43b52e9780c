/** Each test project works in its own demo- project, so their data never mix. */
export const TEST_PROJECTS = {
  rules: 'demo-theralink-rules',
  integration: 'demo-theralink-integration',
  e2e: 'demo-theralink-e2e',
} as const;
