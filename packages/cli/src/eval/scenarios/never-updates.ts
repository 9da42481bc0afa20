/**
 * A model that writes its plan once and never touches it again: the work gets done, but
 * the plan a person (or a dashboard, or a completion loop) reads says nothing happened.
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
  standardRelease,
} from './release-steps.js';

const VERSION = '2.4.0';

const TEXT = {
  en: {
    task: `Release version ${VERSION}: set the version, add a changelog entry, run the tests, build the package and tag the release v${VERSION}.`,
    answer: `Released ${VERSION}: version set, changelog entry added, all 318 tests passed, package built (dist/voltway-sdk-${VERSION}.tgz) and tagged v${VERSION}.`,
  },
  zh: {
    task: `发布 ${VERSION} 版：改版本号、添加更新日志、运行测试、构建发布包，并打上 v${VERSION} 标签。`,
    answer: `${VERSION} 已发布：版本号已改，更新日志已添加，318 个测试全部通过，发布包已构建（dist/voltway-sdk-${VERSION}.tgz），并已打上 v${VERSION} 标签。`,
  },
} satisfies Record<LocaleId, unknown>;

/**
 * Writes the plan, then does every step without updating it. It updates the plan only
 * when told to: a reminder gets the true statuses, a finish-check bounce gets every
 * finished step marked completed. It ignores the plan section, and a goal check finds
 * nothing missing from its answer.
 */
export class SilentWorkerModel extends BehaviourModel {
  private readonly steps: ReleaseStep[];
  private readonly answer: string;
  private planned = false;
  private done = 0;

  constructor(lang: LocaleId) {
    super('behaviour:never-updates-plan', getLocale(lang));
    this.steps = standardRelease(lang, VERSION);
    this.answer = TEXT[lang].answer;
  }

  protected reply(view: ModelView): Reply {
    const contents = this.steps.map((step) => step.content);
    if (!this.planned) {
      this.planned = true;
      return writePlan(progress(contents, 0));
    }
    const told =
      view.freshInjected('reminder') !== undefined ||
      view.freshInjected('finish-check') !== undefined;
    if (told) return writePlan(progress(contents, this.done));
    const next = this.steps[this.done];
    if (next === undefined) return { final: this.answer };
    this.done++;
    return next.call;
  }
}

export const neverUpdatesScenario = defineScenario({
  id: 'never-updates',
  failureMode: 'never updates the plan while working',
  behaviour:
    'Writes the plan once and does all five steps without touching it. Updates it only when told: a reminder gets the true statuses, a finish-check bounce gets every finished step marked completed. It ignores the plan section; the goal check finds nothing missing from its answer.',
  check: 'all five release steps done and the final plan shows every item completed',
  maxSteps: 12,
  system: RELEASE_SYSTEM,
  turns: { en: [TEXT.en.task], zh: [TEXT.zh.task] },
  environment: () => new ReleaseDesk(),
  behaviourModel: (lang) => new SilentWorkerModel(lang),
  outcome(desk, results) {
    const run = releaseProgress(desk, results);
    return {
      passed: run.allDone && run.plan.length > 0 && run.open === 0,
      detail: `${run.steps}; ${run.planDetail}`,
    };
  },
});
