/**
 * Copilot's hook output as `plankeeper hook copilot` prints it (copilot-adapter.ts): what an
 * extension's hook returns as it stands.
 */
export function hookOutput(stdout: string): object | undefined {
  if (stdout.trim() === '') return undefined;
  try {
    const answer: unknown = JSON.parse(stdout);
    return answer !== null && typeof answer === 'object' ? answer : undefined;
  } catch {
    return undefined;
  }
}
