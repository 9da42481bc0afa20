/**
 * `plankeeper/tools`: the building blocks of the plan tools, for writing tools of your own
 * that behave the same way: strict argument parsing (one JSON value, nothing after it),
 * validation that reports every problem as a corrective result, and JSON Schemas from zod.
 *
 * @example
 * import { parseArguments, validateInput } from 'plankeeper/tools';
 * const parsed = parseArguments('{"path": "notes.md"}');
 * const input = validateInput(schema, parsed, getLocale('en'));
 */
export { formatPath, type IssuePath } from '../engine/plan-issue.js';
export { type ParsedArguments, parseArguments } from './parse-arguments.js';
export {
  createSchemas,
  type PlanToolName,
  type PlanToolSchemas,
  toJsonSchema,
} from './schemas.js';
export { type ValidatedInput, validateInput } from './validate-input.js';
