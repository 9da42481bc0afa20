/**
 * The control: a model that plans, works, keeps its plan current and answers fully.
 * Nothing fails, so what each guard adds here is its pure overhead.
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

const VERSION = '2.8.0';

const TEXT = {
  en: {
    task: releaseText('en', VERSION).task,
    answer: `Released ${VERSION}: version set, changelog entry added, all 318 tests pass, package built and tagged v${VERSION}.`,
  },
  zh: {
    task: releaseText('zh', VERSION).task,
    answer: `${VERSION} 已发布：版本号已改，更新日志已添加，318 个测试全部通过，发布包已构建并打上 v${VERSION} 标签。`,
  },
} satisfies Record<LocaleId, unknown>;

/** Updates its plan after every step and answers; a goal check gets its answer repeated. */
export class DiligentModel extends BehaviourModel {
  private readonly steps: ReleaseStep[];
  private readonly answer: string;
  private done = 0;
  private wrote = false;

  constructor(lang: LocaleId) {
    super('behaviour:diligent', getLocale(lang));
    this.steps = standardRelease(lang, VERSION);
    this.answer = TEXT[lang].answer;
  }

  protected reply(view: ModelView): Reply {
    const contents = this.steps.map((step) => step.content);
    if (view.freshInjected('reminder') !== undefined) return { tool: 'todo_read', args: {} };
    if (!this.wrote) {
      this.wrote = true;
      return writePlan(progress(contents, this.done));
    }
    const next = this.steps[this.done];
    if (next === undefined) return { final: this.answer };
    this.done++;
    this.wrote = false;
    return next.call;
  }
}

export const diligentScenario = defineScenario({
  id: 'diligent',
  failureMode: 'none (control: a diligent model)',
  behaviour:
    'Plans, does each step, updates its plan after every step and answers in full; a goal check gets its answer repeated. Nothing fails, so each guard column shows its pure overhead.',
  check: 'all five release steps done and the final plan shows every item completed',
  maxSteps: 14,
  system: RELEASE_SYSTEM,
  turns: { en: [TEXT.en.task], zh: [TEXT.zh.task] },
  environment: () => new ReleaseDesk(),
  behaviourModel: (lang) => new DiligentModel(lang),
  outcome(desk, results) {
    const run = releaseProgress(desk, results);
    return {
      passed: run.allDone && run.plan.length > 0 && run.open === 0,
      detail: `${run.steps}; ${run.planDetail}`,
    };
  },
});
