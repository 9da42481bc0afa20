/**
 * The one place a discipline preset becomes options, for every host: the own loop and each
 * framework adapter (through PlanHarness), the hosts that see one event at a time (a coding
 * agent's hooks, the Claude Agent SDK's callbacks) and the MCP server. A host hands over its
 * own options as they are; each one it set wins over the preset's, an object it set for
 * `injection` or `nudge` is laid over the preset's, and `false` turns that guard off.
 *
 * Hosts differ in what they can show and see, not in what a preset means, so the host says
 * which kind it is (`HostView`) and the resolver answers for that kind: a host without a plan
 * section echoes the list in write results unless the preset is `light`; its nudge waits for
 * an open item; a host that sees no tool call but the plan tools' takes no evidence rule
 * from a preset (every completion would lack evidence).
 *
 * @example
 * const rules = resolveDiscipline({ discipline: 'strict', nudge: { after: 4 } });
 * rules.nudge; // { after: 4 }
 * rules.evidence; // 'warn'
 * resolveDiscipline({ discipline: 'light' }, { planSection: false }).echoPlan; // false
 */
import { ConfigurationError } from '../../engine/errors.js';
import type { EvidenceMode } from '../../engine/evidence.js';
import type { InjectionOptions } from '../injection-options.js';
import type { AnswerCheck } from './check.js';
import { finishCheck } from './finish-check.js';
import { goalCheck } from './goal-check.js';
import type { NudgeOptions } from './nudge.js';
import { DISCIPLINE_PRESETS, DISCIPLINES, type Discipline, isDiscipline } from './presets.js';

/** The options a preset sets, as a host gives them; whatever is unset takes the preset's. */
export interface DisciplineOptions {
  discipline?: Discipline | undefined;
  injection?: InjectionOptions | false | undefined;
  nudge?: NudgeOptions | false | undefined;
  finishCheck?: boolean | undefined;
  goalCheck?: boolean | undefined;
  /** Set, it wins over `finishCheck` and `goalCheck`. */
  checks?: readonly AnswerCheck[] | undefined;
  evidence?: EvidenceMode | undefined;
  /** Whether plan write results end with the updated list. */
  echoPlan?: boolean | undefined;
}

/** What kind of host the options are for. */
export interface HostView {
  /**
   * The host puts a plan section in front of the model on each call (the own loop, the
   * framework adapters). Hosts that do not (an MCP client, a coding agent's hooks, the Claude
   * Agent SDK) show the plan in write results instead, and see one event at a time.
   */
  planSection: boolean;
  /**
   * The host sees the non-plan tool calls that count as evidence. Default true; an MCP
   * server on its own sees only its own tools.
   */
  seesWork?: boolean;
}

/** What the preset and the host's own options come to. Unset fields take the host's defaults. */
export interface ResolvedDiscipline {
  discipline: Discipline | undefined;
  injection: InjectionOptions | false | undefined;
  nudge: NudgeOptions | false | undefined;
  finishCheck: boolean | undefined;
  goalCheck: boolean | undefined;
  /** The answer checks, in order. */
  checks: AnswerCheck[];
  /** Undefined: the engine's rule. */
  evidence: EvidenceMode | undefined;
  echoPlan: boolean;
}

const SECTION_HOST: HostView = { planSection: true };

export function resolveDiscipline(
  options: DisciplineOptions,
  host: HostView = SECTION_HOST,
): ResolvedDiscipline {
  const discipline = checkedDiscipline(options.discipline);
  return host.planSection
    ? forSectionHost(options, discipline)
    : forEventHost(options, discipline ?? 'standard', host.seesWork ?? true);
}

/**
 * The own loop and the framework adapters: without a preset the host's options stand as they
 * are (the harness's defaults are `standard`'s), and the list is echoed only without a section.
 */
function forSectionHost(
  options: DisciplineOptions,
  discipline: Discipline | undefined,
): ResolvedDiscipline {
  const preset = discipline === undefined ? undefined : DISCIPLINE_PRESETS[discipline];
  const injection = preset ? layered(preset.injection, options.injection) : options.injection;
  const finish = options.finishCheck ?? preset?.finishCheck;
  const goal = options.goalCheck ?? preset?.goalCheck;
  return {
    discipline,
    injection,
    nudge: preset ? layered(preset.nudge, options.nudge) : options.nudge,
    finishCheck: finish,
    goalCheck: goal,
    checks: options.checks
      ? [...options.checks]
      : checksOf({ finishCheck: finish, goalCheck: goal }),
    evidence: options.evidence ?? preset?.evidence,
    echoPlan: options.echoPlan ?? injection === false,
  };
}

/**
 * Hosts that see one event at a time and show no section. The nudge waits for an open item
 * whatever the preset: a coding agent works without a plan on most tasks and is never told
 * to update one it does not have. Write results are the model's one view of the list, so
 * they carry it, except under `light`: the model has its own call in front of it.
 */
function forEventHost(
  options: DisciplineOptions,
  discipline: Discipline,
  seesWork: boolean,
): ResolvedDiscipline {
  const preset = DISCIPLINE_PRESETS[discipline];
  const finish = options.finishCheck ?? preset.finishCheck;
  const goal = options.goalCheck ?? preset.goalCheck;
  const nudge =
    options.nudge === false
      ? false
      : {
          ...preset.nudge,
          after: preset.nudge.after ?? 3,
          onlyWhileOpen: true,
          ...definedOnly(options.nudge ?? {}),
        };
  // A preset's `off` is no rule of its own: the engine's (or the host's) stands.
  const presetEvidence = seesWork && preset.evidence !== 'off' ? preset.evidence : undefined;
  return {
    discipline,
    injection: false,
    nudge,
    finishCheck: finish,
    goalCheck: goal,
    checks: options.checks
      ? [...options.checks]
      : checksOf({ finishCheck: finish, goalCheck: goal }),
    evidence: options.evidence ?? presetEvidence,
    echoPlan: options.echoPlan ?? discipline !== 'light',
  };
}

/**
 * `options` with the preset's settings filled in wherever the host set none, for a host
 * that shows a plan section (PlanHarness reads its options so).
 */
export function applyDiscipline<T extends DisciplineOptions>(options: T): T {
  if (options.discipline === undefined) return options;
  const { injection, nudge, finishCheck, goalCheck, evidence } = resolveDiscipline(options);
  return { ...options, injection, nudge, finishCheck, goalCheck, evidence };
}

/** The answer checks a preset's (or a host's) `finishCheck`/`goalCheck` switches leave on, in order. */
export function checksOf(options: {
  finishCheck?: boolean | undefined;
  goalCheck?: boolean | undefined;
}): AnswerCheck[] {
  return [
    ...(options.finishCheck === false ? [] : [finishCheck()]),
    ...(options.goalCheck === false ? [] : [goalCheck()]),
  ];
}

function checkedDiscipline(discipline: unknown): Discipline | undefined {
  if (discipline === undefined || isDiscipline(discipline)) return discipline;
  throw new ConfigurationError(
    `discipline must be one of ${DISCIPLINES.join(', ')}, got ${JSON.stringify(discipline)}.`,
  );
}

function layered<P extends object>(preset: P, own: P | false | undefined): P | false {
  if (own === undefined) return preset;
  if (own === false) return false;
  return { ...preset, ...own };
}

/** `object` without its undefined fields, so an unset option never hides the preset's. */
function definedOnly<T extends object>(object: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
