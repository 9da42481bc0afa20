/**
 * A plan tool call the engine rejected. Thrown from the tool's `execute` so the AI SDK
 * reports a `tool-error` (UIs show the call as failed) and sends the message, which is
 * the corrective text, back to the model. The plan is unchanged.
 */
import type { ToolResult } from '../../tools/tool.js';

const marker = Symbol.for('plankeeper.tool-rejection');

export class PlanToolRejection extends Error {
  readonly [marker] = true;

  constructor(
    readonly toolName: string,
    /** The full result: `text` for the model, `data.issues` for hosts. */
    readonly result: ToolResult,
  ) {
    super(result.text);
    this.name = 'PlanToolRejection';
  }

  /**
   * The text alone: the AI SDK from 7 on sends the model `String(error)` (ai 6 sent the
   * message), and the model should read the corrective text, not a class name.
   */
  override toString(): string {
    return this.message;
  }

  /** Works across duplicate copies of the package, unlike `instanceof`. */
  static isInstance(value: unknown): value is PlanToolRejection {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
