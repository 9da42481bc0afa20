/**
 * `plankeeper/tools`: the building blocks of the plan tools, for writing tools of your own
 * that behave the same way: strict argument parsing (one JSON value, nothing after it),
 * validation that reports every problem as a corrective result, and JSON Schemas from zod.
 *
 * @example
 * import { validateInput } from 'plankeeper/tools';
 * const input = validateInput(schema, '{"path": "notes.md"}');
 * if (!input.ok) console.log(input.issues);
 */
// What a tool passes to the engine's operations and what comes back.
export type { CompletionEvidence, EvidenceCall } from '../engine/evidence.js';
export type { PlanLimits } from '../engine/limits.js';
export type { AddItemInput } from '../engine/operations/add-items.js';
export type { CompleteItemInput } from '../engine/operations/complete-items.js';
export type {
  BlockerInput,
  DependencyFacts,
} from '../engine/operations/dependencies.js';
export type { DropPolicy, WriteItemInput } from '../engine/operations/write-plan.js';
export type { OperationMeta } from '../engine/plan-engine.js';
export {
  formatPath,
  type IssuePath,
  type PlanIssue,
  type PlanIssueCode,
} from '../engine/plan-issue.js';
// For tools that print text they did not write (log lines, command output).
export { escapeUnsafeChars, quotedText } from '../engine/render.js';
export type { PlanProgress } from '../engine/todo-item.js';
export { GENERIC_INPUT_BOUNDS, type InputBounds } from './input-bounds.js';
export { type ParsedArguments, parseArguments } from './parse-arguments.js';
export { PLAN_WRITE_TOOL_NAMES } from './plan-tools.js';
export {
  createSchemas,
  type PlanToolName,
  type PlanToolSchemas,
  toJsonSchema,
} from './schemas.js';
export { type ValidatedInput, validateInput } from './validate-input.js';
