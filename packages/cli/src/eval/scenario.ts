/**
 * A scenario of the guard-effectiveness suite: a multi-step task in a fake environment,
 * a behaviour model with one failure mode, and an outcome check that decides from what
 * actually happened (the environment's state, the final plan, the answers) whether the
 * task was done right. The same tasks and checks run against a real model.
 */
import type { LocaleId, ModelClient, RunResult, ToolDefinition } from 'plankeeper';
import type { Environment } from './environments/environment.js';

export interface Outcome {
  passed: boolean;
  /** What the check saw, in a few words ("3/5 modules annotated"). */
  detail: string;
}

/** One scenario, ready to run once: fresh environment, fresh behaviour model. */
export interface PreparedScenario {
  tools: ToolDefinition[];
  beginTurn(turn: number): void;
  /** The scripted behaviour model for this run. */
  behaviourModel(): ModelClient;
  /** Judges the run from its turns' results. */
  outcome(results: readonly RunResult[]): Outcome;
  /** The environment's own check of the work, for the verifier column (see Environment.check). */
  check?(): { ok: true } | { ok: false; output: string };
  /** The check as a command in the environment's real folder (see Environment.verify). */
  verify?: { command: string; cwd: string };
  /** Runs of that command so far. */
  checkRuns?(): number;
  /** Removes what the environment left on disk; called once the run is scored. */
  dispose(): void;
}

export interface Scenario {
  id: string;
  /** The failure mode, as a row label. */
  failureMode: string;
  /** What the behaviour model does and what it reacts to. */
  behaviour: string;
  /** How the outcome check decides. */
  check: string;
  /** Model calls per user turn. */
  maxSteps: number;
  /** The person's check command, when the environment is a real folder the checks arm can run it in. */
  checkCommand?: string;
  system(lang: LocaleId): string;
  /** The user's messages, one per turn, sent in one session. */
  turns(lang: LocaleId): string[];
  prepare(lang: LocaleId): PreparedScenario;
}

/** Builds a scenario whose environment type flows from `environment` to `outcome`. */
export function defineScenario<E extends Environment>(definition: {
  id: string;
  failureMode: string;
  behaviour: string;
  check: string;
  maxSteps: number;
  checkCommand?: string;
  system: Record<LocaleId, string>;
  turns: Record<LocaleId, string[]>;
  environment(lang: LocaleId): E;
  behaviourModel(lang: LocaleId): ModelClient;
  outcome(environment: E, results: readonly RunResult[], lang: LocaleId): Outcome;
}): Scenario {
  return {
    id: definition.id,
    failureMode: definition.failureMode,
    behaviour: definition.behaviour,
    check: definition.check,
    maxSteps: definition.maxSteps,
    ...(definition.checkCommand !== undefined && { checkCommand: definition.checkCommand }),
    system: (lang) => definition.system[lang],
    turns: (lang) => definition.turns[lang],
    prepare(lang) {
      const environment = definition.environment(lang);
      return {
        tools: environment.tools,
        beginTurn: (turn) => environment.beginTurn(turn),
        behaviourModel: () => definition.behaviourModel(lang),
        outcome: (results) => definition.outcome(environment, results, lang),
        ...(environment.check && { check: () => environment.check!() }),
        ...(environment.verify && { verify: environment.verify }),
        ...(environment.checkRuns && { checkRuns: () => environment.checkRuns!() }),
        dispose: () => environment.dispose?.(),
      };
    },
  };
}
