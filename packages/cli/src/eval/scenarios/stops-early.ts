/**
 * A model that ticks everything off and stops one step short: the plan says the release
 * is tagged, the repository has no tag.
 */

import type { LocaleId } from 'plankeeper';
import { getLocale } from 'plankeeper';
import { BehaviourModel, progress, type Reply, writePlan } from '../behaviour/behaviour-model.js';
import type { ModelView } from '../behaviour/model-view.js';
import { ReleaseDesk } from '../environments/release-desk.js';
import { defineScenario } from '../scenario.js';
import { RELEASE_SYSTEM, type ReleaseStep, releaseSteps } from './release-steps.js';

const VERSION = '2.4.1';
const PATCH = 'fix-login-timeout';

const TEXT = {
  en: {
    task: `Ship hotfix ${VERSION}: apply the ${PATCH} patch, set the version to ${VERSION}, run the tests, build the package and tag the release v${VERSION}.`,
    answer: `Hotfix ${VERSION} is ready: ${PATCH} applied, version set to ${VERSION}, tests pass, package built and tagged v${VERSION}.`,
  },
  zh: {
    task: `发布热修复 ${VERSION}：应用补丁 ${PATCH}，把版本号改为 ${VERSION}，运行测试，构建发布包，并打上 v${VERSION} 标签。`,
    answer: `热修复 ${VERSION} 已就绪：已应用 ${PATCH}，版本号改为 ${VERSION}，测试通过，发布包已构建并打上 v${VERSION} 标签。`,
  },
} satisfies Record<LocaleId, unknown>;

function steps(lang: LocaleId): ReleaseStep[] {
  const step = releaseSteps(lang);
  return [
    step.patch(PATCH),
    step.setVersion(VERSION),
    step.runTests(),
    step.build(),
    step.tag(VERSION),
  ];
}

/**
 * Keeps its plan up to date, but after building it marks every item completed, the tag
 * included, and answers. A goal check makes it go through the request part by part
 * against the tool results it has, and do any step it finds no result for. A reminder
 * makes it read its plan, which shows nothing open.
 */
export class EarlyStopperModel extends BehaviourModel {
  private readonly steps: ReleaseStep[];
  private readonly answer: string;
  private planned = false;
  private done = 0;
  private claimedDone = false;
  /** Going through the request part by part after a goal check. */
  private checking = false;

  constructor(lang: LocaleId) {
    super('behaviour:marks-done-stops-early', getLocale(lang));
    this.steps = steps(lang);
    this.answer = TEXT[lang].answer;
  }

  protected reply(view: ModelView): Reply {
    const contents = this.steps.map((step) => step.content);
    if (!this.planned) {
      this.planned = true;
      return writePlan(progress(contents, 0));
    }
    if (view.freshInjected('reminder') !== undefined) return { tool: 'todo_read', args: {} };
    if (view.freshInjected('goal-check') !== undefined || this.checking) {
      this.checking = true;
      const missing = this.steps.find((step) => !view.did(step.call.tool));
      if (missing) return missing.call;
      this.checking = false;
      return { final: this.answer };
    }
    if (this.claimedDone) return { final: this.answer };
    const wroteLast = view.freshResults('todo_write').length > 0;
    // Four of five steps: build is the last one it really does.
    if (this.done < this.steps.length - 1) {
      if (this.done > 0 && !wroteLast) return writePlan(progress(contents, this.done));
      const next = this.steps[this.done++] as ReleaseStep;
      return next.call;
    }
    if (!wroteLast) {
      this.claimedDone = true;
      return writePlan(progress(contents, contents.length));
    }
    return { final: this.answer };
  }
}

export const stopsEarlyScenario = defineScenario({
  id: 'stops-early',
  failureMode: 'marks items done and stops early',
  behaviour:
    'Updates its plan after each step, but after building it marks everything completed, the tag included, and answers. A goal check makes it compare the request part by part with the tool results it has and do what is missing; a reminder makes it read its plan (nothing open there). The finish check sees no open item.',
  check: 'the patch applied, the version set, tests run, the package built and the tag created',
  maxSteps: 14,
  system: RELEASE_SYSTEM,
  turns: { en: [TEXT.en.task], zh: [TEXT.zh.task] },
  environment: () => new ReleaseDesk(),
  behaviourModel: (lang) => new EarlyStopperModel(lang),
  outcome(desk) {
    const tools = ['apply_patch', 'set_version', 'run_tests', 'build_package', 'tag_release'];
    const missing = tools.filter((tool) => !desk.did(tool));
    return {
      passed: missing.length === 0,
      detail: missing.length === 0 ? 'all 5 steps done' : `not done: ${missing.join(', ')}`,
    };
  },
});
