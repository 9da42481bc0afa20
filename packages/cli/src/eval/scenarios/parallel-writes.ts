/**
 * Several whole-list writes in one reply (LangChain's todoListMiddleware refuses them
 * for this reason): after each step the model sends one write that moves the plan on
 * and, in the same reply, one that records the step's result, built on the list as it
 * was before. The second write wins and quietly undoes the first.
 */

import type { LocaleId } from 'plankeeper';
import { getLocale } from 'plankeeper';
import {
  BehaviourModel,
  type PlanEntry,
  progress,
  type Reply,
  writePlan,
} from '../behaviour/behaviour-model.js';
import type { ModelView } from '../behaviour/model-view.js';
import { ReleaseDesk } from '../environments/release-desk.js';
import { defineScenario } from '../scenario.js';
import {
  RELEASE_SYSTEM,
  RELEASE_TOOLS,
  type ReleaseStep,
  releaseProgress,
  releaseText,
  standardRelease,
} from './release-steps.js';

const VERSION = '2.6.0';

const TEXT = { en: releaseText('en', VERSION), zh: releaseText('zh', VERSION) };

/**
 * After each step it sends two todo_write calls in one reply: one marks the step
 * completed and starts the next, the other notes the step's result on the list as it
 * stood before. It checks only that each write succeeded. When it sees the stored list
 * (plan section, a listing in a tool result) showing a finished step as open, it sends
 * one correct write; a finish-check bounce makes it mark its finished steps completed;
 * a reminder makes it read the plan.
 */
export class ParallelWriterModel extends BehaviourModel {
  private readonly steps: ReleaseStep[];
  private readonly answer: string;
  private planned = false;
  private done = 0;
  private readonly results: string[] = [];
  private wroteAfterStep = true;

  constructor(lang: LocaleId) {
    super('behaviour:parallel-plan-writes', getLocale(lang));
    this.steps = standardRelease(lang, VERSION);
    this.answer = TEXT[lang].answer;
  }

  protected reply(view: ModelView): Reply {
    if (!this.planned) {
      this.planned = true;
      return writePlan(this.entries(0));
    }
    if (view.freshInjected('finish-check') !== undefined) return writePlan(this.entries(this.done));
    if (view.freshInjected('goal-check') !== undefined) return { final: this.answer };
    if (view.freshInjected('reminder') !== undefined) return { tool: 'todo_read', args: {} };
    const finished = this.steps.slice(0, this.done).map((step) => step.content);
    // A listing shows `content — description`; the content is what identifies the step.
    const stale = view
      .openItemsListedIn(view.fresh)
      .some((item) =>
        finished.some(
          (content) => item.content === content || item.content?.startsWith(`${content} — `),
        ),
      );
    if (stale) return writePlan(this.entries(this.done));
    if (!this.wroteAfterStep) {
      this.wroteAfterStep = true;
      const result = view.fresh.find((message) => message.role === 'tool')?.content ?? '';
      this.results.push(result.split('\n').find((line) => line.trim() !== '') ?? '');
      this.done++;
      return {
        calls: [writePlan(this.entries(this.done)), writePlan(this.entries(this.done - 1, true))],
      };
    }
    const next = this.steps[this.done];
    if (next === undefined) return { final: this.answer };
    this.wroteAfterStep = false;
    return next.call;
  }

  /** The plan with `done` steps completed; `noteLast` adds the latest result to step `done`. */
  private entries(done: number, noteLast = false): PlanEntry[] {
    return progress(
      this.steps.map((step) => step.content),
      done,
    ).map((entry, index) => {
      const note = this.results[index];
      const described = index < done || (noteLast && index === done);
      return described && note ? { ...entry, description: note.trim() } : entry;
    });
  }
}

export const parallelWritesScenario = defineScenario({
  id: 'parallel-writes',
  failureMode: 'writes the plan in parallel calls (lost update)',
  behaviour:
    "After each step it sends two todo_write calls in one reply: one marks the step completed, the other notes the step's result on the list as it stood before, and wins. It checks only that each write succeeded. Seeing the stored list show a finished step as open (plan section, a listing in a tool result) makes it send one correct write; a finish-check bounce makes it mark finished steps completed; a reminder makes it read the plan.",
  check: 'all five release steps done and the final plan shows every item completed',
  maxSteps: 20,
  system: RELEASE_SYSTEM,
  turns: { en: [TEXT.en.task], zh: [TEXT.zh.task] },
  environment: () => new ReleaseDesk(),
  behaviourModel: (lang) => new ParallelWriterModel(lang),
  outcome(desk, results) {
    const run = releaseProgress(desk, results);
    return {
      passed: run.allDone && run.plan.length >= RELEASE_TOOLS.length && run.open === 0,
      detail: `${run.steps}; ${run.planDetail}`,
    };
  },
});
