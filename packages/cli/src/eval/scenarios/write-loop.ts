/**
 * A model that is never sure its plan was stored: the write result only says "updated",
 * so it sends the same list again, and again, and the step budget runs out before the
 * work is done.
 */

import type { LocaleId } from 'plankeeper';
import { getLocale } from 'plankeeper';
import { BehaviourModel, progress, type Reply, writePlan } from '../behaviour/behaviour-model.js';
import type { ModelView } from '../behaviour/model-view.js';
import { ReleaseDesk } from '../environments/release-desk.js';
import { defineScenario } from '../scenario.js';
import {
  RELEASE_SYSTEM,
  type ReleaseStep,
  releaseProgress,
  releaseText,
  standardRelease,
} from './release-steps.js';

const VERSION = '2.7.0';
/** Times it sends an unconfirmed write again before going on regardless. */
const RESENDS = 3;

const TEXT = { en: releaseText('en', VERSION), zh: releaseText('zh', VERSION) };

/**
 * Updates its plan after every step, and goes on only once it sees the stored list: a
 * plan section or a tool result that lists its steps. Until then it sends the same
 * write again, up to three times. A reminder makes it read the plan (which shows it);
 * finish and goal checks get its answer repeated.
 */
export class LoopingWriterModel extends BehaviourModel {
  private readonly steps: ReleaseStep[];
  private readonly answer: string;
  private done = 0;
  private resends = 0;
  private writing: Reply | undefined;

  constructor(lang: LocaleId) {
    super('behaviour:rewrites-plan-in-loop', getLocale(lang));
    this.steps = standardRelease(lang, VERSION);
    this.answer = TEXT[lang].answer;
  }

  protected reply(view: ModelView): Reply {
    const contents = this.steps.map((step) => step.content);
    if (view.freshInjected('finish-check') !== undefined) return { final: this.answer };
    if (view.freshInjected('goal-check') !== undefined) return { final: this.answer };
    if (view.freshInjected('reminder') !== undefined) return { tool: 'todo_read', args: {} };
    if (this.writing !== undefined) {
      const listed = view.openItemsListedIn(view.fresh).length > 0 || this.listsAll(view);
      if (!listed && this.resends < RESENDS) {
        this.resends++;
        return this.writing;
      }
      this.writing = undefined;
      this.resends = 0;
    } else if (view.replies === 0 || view.freshResults('todo_write').length === 0) {
      // Just started, or a step just finished: record it in the plan first.
      this.writing = writePlan(progress(contents, this.done));
      return this.writing;
    }
    const next = this.steps[this.done];
    if (next === undefined) return { final: this.answer };
    this.done++;
    return next.call;
  }

  /** A listing with every step completed also shows the write landed. */
  private listsAll(view: ModelView): boolean {
    const listing = view.lastListingIn(view.fresh);
    return listing !== undefined && listing.length >= this.steps.length;
  }
}

export const writeLoopScenario = defineScenario({
  id: 'write-loop',
  failureMode: 'rewrites the plan in a loop',
  behaviour:
    'Updates its plan after every step and goes on only once it sees the stored list (a plan section, or a tool result listing its steps); until then it sends the same write again, up to three times. A reminder makes it read the plan; finish and goal checks get its answer repeated. (A write that changes nothing is answered with the stored list in every column, so each loop ends after one re-send; the echoed list that plankeeper adds to every write result whenever injection is off would stop it too, and the guard-off baseline has no echo.)',
  check: 'all five release steps done and a final answer within the step budget (14 calls)',
  maxSteps: 14,
  system: RELEASE_SYSTEM,
  turns: { en: [TEXT.en.task], zh: [TEXT.zh.task] },
  environment: () => new ReleaseDesk(),
  behaviourModel: (lang) => new LoopingWriterModel(lang),
  outcome(desk, results) {
    const run = releaseProgress(desk, results);
    const result = results.at(-1);
    const answered = result?.answer != null;
    return {
      passed: run.allDone && answered,
      detail: `${run.steps}; ${answered ? 'answered' : (result?.error ?? 'no answer').split(':')[0]}`,
    };
  },
});
