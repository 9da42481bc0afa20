import type { Discipline } from 'plankeeper';
import { DISCIPLINES, disciplineForModel, isDiscipline } from 'plankeeper/rules';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';

export const DISCIPLINE_FLAG_HELP = `guard preset: ${DISCIPLINES.join(', ')}, or auto (picked from the model name); default standard`;

/** `--discipline light|standard|strict|auto`; auto looks the model up in the per-model table. */
export function parseDiscipline(
  value: string | undefined,
  modelName?: string,
): Discipline | undefined {
  if (value === undefined) return undefined;
  const name = value.trim().toLowerCase();
  if (name === 'auto' && modelName !== undefined) return disciplineForModel(modelName);
  if (isDiscipline(name)) return name;
  const choices = [...DISCIPLINES, ...(modelName === undefined ? [] : ['auto'])].join(', ');
  throw new CliError(`--discipline: "${value}" is not a preset; use ${choices}.`, EXIT.usage);
}
