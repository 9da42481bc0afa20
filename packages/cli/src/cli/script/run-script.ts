/**
 * Plays a script against the real harness: the scripted model replies step by step,
 * and everything else (tools, validation, plan section, reminders, checks) is the same
 * code a real model meets.
 */

import { dirname, resolve } from 'node:path';
import type { ChatMessage, Discipline, LocaleId, RunResult, TodoItem } from 'plankeeper';
import { Agent, type AgentOptions, PlanEngine } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';
import { knowledgeBaseDir, knowledgeSearchTool } from '../../builtin-tools/index.js';
import { warnRenamed } from '../../renamed-option.js';
import { scriptChecks } from './script-checks.js';
import type { Script, ScriptOptions } from './script-format.js';
import { turnsOf } from './script-format.js';

export interface ScriptRunReport {
  /** What the model received on its last call, followed by its last reply. */
  messages: ChatMessage[];
  plan: TodoItem[];
  /** The last turn's final answer. */
  result: string | null;
  error: string | null;
  /** Every model call's input, across all turns, in order. */
  calls: ChatMessage[][];
  turns: { task: string; result: string | null; error: string | null; steps: number }[];
}

export type TurnReport = ScriptRunReport['turns'][number];

export interface RunScriptOptions {
  file: string;
  /** Overrides the script's `options.locale`. */
  locale?: LocaleId;
  /** Overrides the script's `options.discipline`. */
  discipline?: Discipline;
  /** Check commands run in the current folder, in place of the script's `options.verify`. */
  verify?: string[];
  observer?: AgentOptions['observer'];
  /** Called before each user turn is sent, and after it ends, for a live transcript. */
  onTurnStart?(task: string): void;
  onTurnEnd?(turn: TurnReport): void;
}

export async function runScript(
  script: Script,
  options: RunScriptOptions,
): Promise<ScriptRunReport> {
  const settings: ScriptOptions = script.options ?? {};
  const locale = options.locale ?? scriptLocale(settings) ?? 'en';
  const tools = scriptTools(settings);
  const model = new ScriptedModel();
  const knowledge = settings.knowledge
    ? resolve(dirname(options.file), settings.knowledge)
    : knowledgeBaseDir(locale);
  // The engine checks its limits before the knowledge tool opens its folder.
  const planning = scriptPlanning(settings, options, tools);
  const agent = new Agent({
    model,
    locale,
    tools: [knowledgeSearchTool({ root: knowledge, locale })],
    ...(settings.system !== undefined && { system: settings.system }),
    ...(settings.maxSteps !== undefined && { maxSteps: settings.maxSteps }),
    ...(options.observer && { observer: options.observer }),
    planning,
  });
  const session = agent.session('script');
  const report: ScriptRunReport = {
    messages: [],
    plan: [],
    result: null,
    error: null,
    calls: [],
    turns: [],
  };
  let last: RunResult | undefined;
  for (const turn of turnsOf(script)) {
    // Steps a turn leaves over are dropped: each turn starts from its own steps.
    model.load(turn.steps);
    options.onTurnStart?.(turn.task);
    last = await session.send(turn.task);
    report.calls.push(...last.calls);
    const turnReport = {
      task: turn.task,
      result: last.answer,
      error: last.error,
      steps: last.steps,
    };
    report.turns.push(turnReport);
    options.onTurnEnd?.(turnReport);
    if (last.error !== null) break;
  }
  if (last) {
    report.messages = last.messages;
    report.plan = last.plan;
    report.result = last.answer;
    report.error = last.error;
  }
  return report;
}

/** The script's planning options: none with `planning: false`, else its engine and rules. */
function scriptPlanning(
  settings: ScriptOptions,
  options: RunScriptOptions,
  tools: ScriptOptions['tools'],
): AgentOptions['planning'] {
  const engine = new PlanEngine({
    limits: {
      ...(settings.maxItems !== undefined && { maxItems: settings.maxItems }),
      ...(settings.maxContentLength !== undefined && {
        maxContentLength: settings.maxContentLength,
      }),
    },
    ...(settings.dropPolicy && { dropPolicy: settings.dropPolicy }),
    ...(settings.dependencies && { dependencies: settings.dependencies }),
  });
  const checks = options.verify?.length
    ? scriptChecks(options.verify, process.cwd())
    : scriptChecks(settings.verify, dirname(options.file));
  return settings.planning === false
    ? false
    : {
        engine,
        ...(tools && { tools }),
        ...(settings.instructions !== undefined && { instructions: settings.instructions }),
        ...((options.discipline ?? settings.discipline) && {
          discipline: options.discipline ?? settings.discipline,
        }),
        ...(settings.injection !== undefined && { injection: settings.injection }),
        ...(settings.nudge !== undefined && { nudge: settings.nudge }),
        ...(settings.finishCheck !== undefined && { finishCheck: settings.finishCheck }),
        ...(settings.goalCheck !== undefined && { goalCheck: settings.goalCheck }),
        ...(settings.echoPlan !== undefined && { echoPlan: settings.echoPlan }),
        ...(settings.evidence && { evidence: settings.evidence }),
        ...(settings.approval !== undefined && { approval: settings.approval }),
        // The same commands check a completion and the model's answer.
        ...(checks && { verifiers: checks.verifiers, verify: checks.verify }),
      };
}

/** The script's `options.locale`, or its 0.2 name `lang`. */
export function scriptLocale(settings: ScriptOptions): LocaleId | undefined {
  if (settings.lang !== undefined) warnRenamed('options.lang', 'options.locale');
  return settings.locale ?? settings.lang;
}

/** The script's `options.tools`, or its 0.2 name `preset`. */
function scriptTools(settings: ScriptOptions): ScriptOptions['tools'] {
  if (settings.preset !== undefined) warnRenamed('options.preset', 'options.tools');
  return settings.tools ?? settings.preset;
}
