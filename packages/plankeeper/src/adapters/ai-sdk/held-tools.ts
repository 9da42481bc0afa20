/**
 * The host's own tools, held while the plan waits for a person's approval (the harness's
 * `approval`). The AI SDK runs a tool's `execute` itself, so the hold wraps it: a held
 * call throws before the tool runs, the SDK reports a `tool-error`, and the model reads
 * the waiting text as the call's result. Tools without `execute` (run by the client)
 * and the plan tools pass through.
 */
import type { ToolSet } from 'ai';
import type { PlanHarness } from '../../harness/plan-harness.js';

const marker = Symbol.for('plankeeper.tool-held');

/** A call held for approval; its message is what the model reads. The tool did not run. */
export class ToolHeldForApproval extends Error {
  readonly [marker] = true;

  constructor(
    readonly toolName: string,
    message: string,
  ) {
    super(message);
    this.name = 'ToolHeldForApproval';
  }

  /**
   * The text alone: the AI SDK from 7 on sends the model `String(error)` (ai 6 sent the
   * message), and the model should read the corrective text, not a class name.
   */
  override toString(): string {
    return this.message;
  }

  /** Works across duplicate copies of the package, unlike `instanceof`. */
  static isInstance(value: unknown): value is ToolHeldForApproval {
    return typeof value === 'object' && value !== null && marker in value;
  }
}

export function holdTools<TOOLS extends ToolSet>(tools: TOOLS, harness: PlanHarness): TOOLS {
  const held: ToolSet = {};
  for (const [name, definition] of Object.entries(tools)) {
    const execute = definition.execute;
    held[name] = execute
      ? {
          ...definition,
          execute: async (input: unknown, options: Parameters<typeof execute>[1]) => {
            const text = await harness.approvalHold(name);
            if (text !== undefined) throw new ToolHeldForApproval(name, text);
            return execute(input, options);
          },
        }
      : definition;
  }
  return held as TOOLS;
}
