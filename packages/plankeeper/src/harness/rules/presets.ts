/**
 * Discipline presets: the rules' options picked in one word, the same in every host (the
 * own loop, each adapter, `plankeeper mcp --discipline`, `plankeeper setup <agent> --discipline`). A strong model that keeps
 * its own plan gets the light touch (each guard only where it costs next to nothing); a
 * small model gets the strict one (the whole list on every call, an early nudge).
 * Options a host sets itself always win over the preset's; resolve-discipline.ts is the one
 * place a preset becomes options.
 *
 * @example
 * new Agent({ model, planning: { discipline: 'light' } });
 * new Agent({ model, planning: { discipline: disciplineForModel(model.name) } });
 */
import type { EvidenceMode } from '../../engine/evidence.js';
import type { InjectionOptions } from '../injection-options.js';
import type { NudgeOptions } from './nudge.js';

export const DISCIPLINES = ['light', 'standard', 'strict'] as const;

export type Discipline = (typeof DISCIPLINES)[number];

/** What one preset sets. */
export interface DisciplinePreset {
  injection: InjectionOptions;
  nudge: NudgeOptions;
  finishCheck: boolean;
  goalCheck: boolean;
  /** The evidence rule (HarnessOptions.evidence): how a completion without work is met. */
  evidence: EvidenceMode;
}

export const DISCIPLINE_PRESETS: Readonly<Record<Discipline, Readonly<DisciplinePreset>>> = {
  // Shows the plan only when it changed, nudges late, keeps the two checks that cost a
  // model doing its work nothing: the finish check fires only on open items, the goal
  // check rides on the write that closes the plan.
  light: {
    injection: { whenUnchanged: 'omit' },
    nudge: { after: 5, onlyWhileOpen: true },
    finishCheck: true,
    goalCheck: true,
    evidence: 'off',
  },
  // The defaults.
  standard: {
    injection: {},
    nudge: {},
    finishCheck: true,
    goalCheck: true,
    evidence: 'off',
  },
  // The whole list on every call, a nudge after two idle rounds, and a completion with no
  // work since its item started is let through but said so (warn). Not enforce: that also
  // refuses an honest late tick (work done, plan updated only at the end), and a model that
  // never set its items in progress then cannot finish; hosts that want it set it themselves.
  strict: {
    injection: { whenUnchanged: 'full', whenJustWritten: 'full' },
    nudge: { after: 2 },
    finishCheck: true,
    goalCheck: true,
    evidence: 'warn',
  },
};

export function isDiscipline(value: unknown): value is Discipline {
  return (DISCIPLINES as readonly unknown[]).includes(value);
}

/** One row of the per-model table: the first row whose pattern matches a model name wins. */
export interface ModelDiscipline {
  pattern: RegExp;
  discipline: Discipline;
}

/**
 * Which preset suits which model, by name (`openai:gpt-5`, `claude-sonnet-4-5`, `qwen2.5:7b`).
 * Small models first, so `gpt-5-mini` is not taken for `gpt-5`. Frontier models that keep
 * their own plans (their vendors turn their own todo tools off) get `light`; small and
 * lightweight ones get `strict`; anything else `standard`.
 */
export const MODEL_DISCIPLINES: readonly ModelDiscipline[] = [
  {
    pattern: /(?:^|[-_:/.\s])(?:mini|nano|tiny|small|lite|haiku)(?=$|[-_:/.\s\d])/i,
    discipline: 'strict',
  },
  // Open-weight models up to 14B parameters (`qwen2.5:7b`, `llama-3.1-8b`, `phi-4-14b`).
  { pattern: /(?:^|[^\d.])(?:0\.\d|1\.\d|[1-9]|1[0-4])b(?![a-z])/i, discipline: 'strict' },
  {
    pattern:
      /claude-(?:opus|sonnet)-4|claude-4|gpt-5|(?:^|[-_:/])o[34](?=$|[-_:/])|gemini-(?:2\.5|3)[.\d]*-pro|grok-4/i,
    discipline: 'light',
  },
];

/** The preset for `model` by `table` (default MODEL_DISCIPLINES); `standard` when no row matches. */
export function disciplineForModel(
  model: string,
  table: readonly ModelDiscipline[] = MODEL_DISCIPLINES,
): Discipline {
  return table.find((row) => row.pattern.test(model))?.discipline ?? 'standard';
}
