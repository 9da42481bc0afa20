/**
 * The control of checks before done: a model that does the work right, in three turns of
 * one session (two files written, a question answered from them, one line added). Nothing
 * fails, so the checks add only their runs: one per turn that changed the folder, none on
 * the question, and no refusal.
 */

import type { LocaleId } from 'plankeeper';
import { getLocale } from 'plankeeper';
import {
  BehaviourModel,
  type PlannedCall,
  progress,
  type Reply,
  writePlan,
} from '../behaviour/behaviour-model.js';
import type { ModelView } from '../behaviour/model-view.js';
import { CHECK_COMMAND, CheckedFolder } from '../environments/checked-folder.js';
import { defineScenario } from '../scenario.js';
import { CHANGES_SYSTEM, changesText, VERSION, writeFile } from './changes-file.js';

interface Turn {
  /** Plan item and the call that does it, per step; none: a question, answered after reading. */
  steps: { content: string; call: PlannedCall }[];
  answer: string;
}

function turns(lang: LocaleId): Turn[] {
  const text = changesText(lang);
  return [
    {
      steps: [
        { content: text.plan.changes, call: writeFile('CHANGES.md', text.right) },
        { content: text.plan.version, call: writeFile('VERSION', VERSION) },
      ],
      answer: text.answer,
    },
    { steps: [], answer: text.questionAnswer },
    {
      steps: [{ content: text.plan.add, call: writeFile('CHANGES.md', text.extended) }],
      answer: text.addAnswer,
    },
  ];
}

/**
 * Plans, does each step, updates its plan after every step and answers; a question it
 * answers after reading the file. A reminder gets the plan read; any refusal of its answer
 * gets the same answer again.
 */
export class DiligentWithCheckModel extends BehaviourModel {
  private readonly turns: Turn[];
  private turn = 0;
  private done = 0;
  private wrote = false;

  constructor(lang: LocaleId) {
    super('behaviour:diligent-with-check', getLocale(lang));
    this.turns = turns(lang);
  }

  protected reply(view: ModelView): Reply {
    if (view.turn !== this.turn) {
      this.turn = view.turn;
      this.done = 0;
      this.wrote = false;
    }
    const turn = this.turns[this.turn - 1] as Turn;
    if (turn.steps.length === 0) {
      return view.did('read_file')
        ? { final: turn.answer }
        : { tool: 'read_file', args: { path: 'CHANGES.md' } };
    }
    if (view.freshInjected('reminder') !== undefined) return { tool: 'todo_read', args: {} };
    if (!this.wrote) {
      this.wrote = true;
      return writePlan(
        progress(
          turn.steps.map((step) => step.content),
          this.done,
        ),
      );
    }
    const next = turn.steps[this.done];
    if (next === undefined) return { final: turn.answer };
    this.done++;
    this.wrote = false;
    return next.call;
  }
}

export const diligentWithCheckScenario = defineScenario({
  id: 'diligent-with-check',
  failureMode: 'none (control: a diligent model, with a check)',
  behaviour:
    'Writes both files right, answers a question about them after reading, then adds a line; plans and updates its plan in the two turns that change files. Nothing fails, so checks before done show their pure cost.',
  check: `\`${CHECK_COMMAND}\` passes at the end, the question is answered, and every plan item is completed`,
  maxSteps: 14,
  checkCommand: CHECK_COMMAND,
  system: CHANGES_SYSTEM,
  turns: {
    en: [changesText('en').task, changesText('en').question, changesText('en').addTask],
    zh: [changesText('zh').task, changesText('zh').question, changesText('zh').addTask],
  },
  environment: (lang) =>
    new CheckedFolder(lang, { 1: changesText(lang).specs.first, 3: changesText(lang).specs.added }),
  behaviourModel: (lang) => new DiligentWithCheckModel(lang),
  outcome(folder, results) {
    const check = folder.check().ok;
    const answered = results[1]?.answer?.includes(VERSION) === true;
    const plan = results.at(-1)?.plan ?? [];
    const completed = plan.filter((item) => item.status === 'completed').length;
    return {
      passed: check && answered && plan.length > 0 && completed === plan.length,
      detail: `check ${check ? 'passes' : 'fails'}; question ${answered ? 'answered' : 'not answered'}; plan ${completed}/${plan.length} completed`,
    };
  },
});
