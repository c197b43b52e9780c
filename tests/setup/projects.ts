/** Each test project works in its own demo- project, so their data never mix. */
export const TEST_PROJECTS = {
  rules: 'demo-theralink-rules',
  integration: 'demo-theralink-integration',
  e2e: 'demo-theralink-e2e',
} as const;

/** Deletes every document of a project in the Firestore emulator. */
export async function clearFirestore(projectId: string): Promise<void> {
  const host = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
  const response = await fetch(
    `http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw new Error(`Could not clear Firestore of ${projectId}: ${response.status}`);
}
