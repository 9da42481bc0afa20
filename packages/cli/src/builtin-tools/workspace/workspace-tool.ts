/**
 * The setup every workspace tool shares: its arguments validated against its schema, the
 * path it names confined to the workspace, and a file system error turned into a result
 * the model can read. Each tool gives only what it does with the file it was handed.
 */
import type { LocaleId, ToolDefinition, ToolResult } from 'plankeeper';
import { toJsonSchema, validateInput } from 'plankeeper/tools';
import type { z } from 'zod';
import { refuse, rejectArguments } from '../rejection.js';
import { fileErrorResult } from './file-error.js';
import type { ResolvedPath, Workspace } from './workspace.js';

/** A path the workspace accepted. */
export type WorkspacePath = Extract<ResolvedPath, { ok: true }>;

export interface WorkspaceToolSpec<Input> {
  name: string;
  description: string;
  schema: z.ZodType<Input>;
  workspace: Workspace;
  locale: LocaleId | undefined;
  /** The path the call names. */
  path(input: Input): string;
  /** A refusal decided by the arguments alone, before the path is looked at. */
  check?(input: Input): ToolResult | undefined;
  /** The tool's work on the confined path; a file system error it throws becomes a result. */
  run(target: WorkspacePath, input: Input): Promise<ToolResult>;
}

export function workspaceTool<Input>(spec: WorkspaceToolSpec<Input>): ToolDefinition {
  const { name, schema, workspace, locale } = spec;
  return {
    name,
    description: spec.description,
    inputSchema: toJsonSchema(schema),
    async execute(args) {
      const input = validateInput(schema, args);
      if (!input.ok) return rejectArguments(name, input.issues, args, locale);
      const refusal = spec.check?.(input.value);
      if (refusal) return refusal;
      const target = await workspace.resolve(spec.path(input.value));
      if (!target.ok) return refuse(name, locale, target.text);
      try {
        return await spec.run(target, input.value);
      } catch (error) {
        return fileErrorResult(name, target.display, error, locale);
      }
    },
  };
}
