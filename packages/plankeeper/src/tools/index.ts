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
export { formatPath, type IssuePath } from '../engine/plan-issue.js';
// For tools that print text they did not write (log lines, command output).
export { escapeUnsafeChars } from '../engine/render.js';
export { GENERIC_INPUT_BOUNDS, type InputBounds } from './input-bounds.js';
export { type ParsedArguments, parseArguments } from './parse-arguments.js';
export {
  createSchemas,
  type PlanToolName,
  type PlanToolSchemas,
  toJsonSchema,
} from './schemas.js';
export { type ValidatedInput, validateInput } from './validate-input.js';
