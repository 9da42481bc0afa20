/**
 * What `plankeeper hook opencode <event>` prints, as the plugin uses it (opencode-adapter.ts):
 * context for the model, a refused final answer, a refused tool call, or a notice for the
 * person. Anything else is no answer.
 */
export type HookAnswer =
  | { context: string }
  | { block: string }
  | { deny: string }
  | { notice: string };

export function parseAnswer(stdout: string): HookAnswer | undefined {
  try {
    const answer: unknown = JSON.parse(stdout);
    if (answer === null || typeof answer !== 'object') return undefined;
    const { context, block, deny, notice } = answer as Record<string, unknown>;
    if (typeof context === 'string') return { context };
    if (typeof block === 'string') return { block };
    if (typeof deny === 'string') return { deny };
    if (typeof notice === 'string') return { notice };
  } catch {}
  return undefined;
}
