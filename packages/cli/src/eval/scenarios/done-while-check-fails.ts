/**
 * A model that says done while the person's check fails: it misremembers one line of the
 * release notes it was asked to write word for word, never runs the check, completes its
 * plan and answers that the work is done. Only a check that runs the person's command can
 * tell; the plan is in order.
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
import { CHANGES_SYSTEM, changesText, fixedByCheckOutput, writeFile } from './changes-file.js';

/**
 * Plans both files, writes CHANGES.md with the second note misremembered, writes VERSION,
 * completes its plan and answers. A refusal that quotes the check's output (a refused
 * answer, or a refused completion) makes it set the line the output names to the expected
 * text, resend a refused write, and answer again; anything else gets the same answer.
 */
export class DoneWhileCheckFailsModel extends BehaviourModel {
  private readonly text: ReturnType<typeof changesText>;
  private readonly steps: { content: string; call: PlannedCall }[];
  /** CHANGES.md as the model believes it wrote it. */
  private notes: string;
  private planned = false;
  private done = 0;
  private writeDue = false;
  private readonly queue: PlannedCall[] = [];
  private lastWrite: PlannedCall | undefined;

  constructor(lang: LocaleId) {
    super('behaviour:done-while-check-fails', getLocale(lang));
    this.text = changesText(lang);
    this.notes = this.text.wrong;
    this.steps = [
      { content: this.text.plan.changes, call: writeFile('CHANGES.md', this.text.wrong) },
      {
        content: this.text.plan.version,
        call: writeFile('VERSION', this.text.specs.first.VERSION),
      },
    ];
  }

  protected reply(view: ModelView): Reply {
    this.readRefusal(view);
    const queued = this.queue.shift();
    if (queued) return queued;
    const contents = this.steps.map((step) => step.content);
    if (!this.planned || this.writeDue) {
      this.planned = true;
      this.writeDue = false;
      this.lastWrite = writePlan(progress(contents, this.done));
      return this.lastWrite;
    }
    const next = this.steps[this.done];
    if (next === undefined) return { final: this.text.answer };
    this.done++;
    this.writeDue = true;
    return next.call;
  }

  /** A fresh refusal that quotes the check's output queues the fix (and the refused write). */
  private readRefusal(view: ModelView): void {
    const refusedWrite = view.freshResults('todo_write').find((result) => !result.ok)?.content;
    const output = view.freshInjected('checks') ?? refusedWrite;
    if (output === undefined) return;
    const fixed = fixedByCheckOutput(output, 'CHANGES.md', this.notes);
    if (fixed === undefined) return;
    this.notes = fixed;
    this.queue.push(writeFile('CHANGES.md', fixed));
    if (refusedWrite !== undefined && this.lastWrite) this.queue.push(this.lastWrite);
  }
}

export const doneWhileCheckFailsScenario = defineScenario({
  id: 'done-while-check-fails',
  failureMode: 'says done while the check fails',
  behaviour:
    'Writes CHANGES.md with one line misremembered and VERSION, never runs the check, completes its plan and answers that it is done. A refusal quoting the check output makes it set the line the output names and answer again.',
  check: `\`${CHECK_COMMAND}\` passes at the end (every file has the exact content asked for)`,
  maxSteps: 14,
  checkCommand: CHECK_COMMAND,
  system: CHANGES_SYSTEM,
  turns: { en: [changesText('en').task], zh: [changesText('zh').task] },
  environment: (lang) => new CheckedFolder(lang, { 1: changesText(lang).specs.first }),
  behaviourModel: (lang) => new DoneWhileCheckFailsModel(lang),
  outcome(folder) {
    const check = folder.check();
    if (check.ok) return { passed: true, detail: 'the check passes' };
    const first = check.output.split('\n').find((line) => line.startsWith('FAIL '));
    return { passed: false, detail: `the check fails: ${first?.slice(5) ?? 'no output'}` };
  },
});
