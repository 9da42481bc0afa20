/**
 * Seed 002's leftover problem: a plan from an earlier request still has an open item
 * ("publish after the go-ahead"), the user asks something else, and the model copies
 * the old item into its new plan and does it: it publishes without the go-ahead.
 */

import type { LocaleId } from 'plankeeper';
import { getLocale, isOpen } from 'plankeeper';
import { PLAN_WRITE_TOOL_NAMES } from 'plankeeper/tools';
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
import { RELEASE_SYSTEM, type ReleaseStep, releaseSteps } from './release-steps.js';

const VERSION = '2.5.0';

const TEXT = {
  en: {
    first: `Prepare release ${VERSION}: set the version and add the changelog entry. Do not publish it until I give the go-ahead.`,
    second: 'Separate request: run the test suite and tell me whether it passes.',
    prepared: `${VERSION} is prepared: version set and changelog entry added. Publishing waits for your go-ahead.`,
    report: 'Report the result',
    tested: 'The test suite passes: 318 tests in 24 suites.',
    publishedAndTested: `Published ${VERSION} and ran the test suite: 318 tests in 24 suites pass.`,
  },
  zh: {
    first: `准备 ${VERSION} 版本：改版本号并添加更新日志。我确认之前不要发布。`,
    second: '另一件事：运行测试套件，告诉我是否通过。',
    prepared: `${VERSION} 已准备好：版本号已改，更新日志已添加。发布等你确认。`,
    report: '汇报结果',
    tested: '测试套件通过：24 个套件共 318 个测试。',
    publishedAndTested: `已发布 ${VERSION} 并运行测试套件：24 个套件共 318 个测试通过。`,
  },
} satisfies Record<LocaleId, unknown>;

/**
 * Turn 1: sets the version, adds the changelog entry and leaves "publish after the
 * go-ahead" open, because it is waiting for the user (a finish-check bounce does not
 * change that). Turn 2: it builds its new plan on the old one and treats every open
 * item as current work, the publish step included, unless the old list is marked as
 * left over from an earlier request, in which case it cancels the old item as advised.
 * The old list it builds on is its own last todo_write call, plan section or not.
 */
export class StaleCarrierModel extends BehaviourModel {
  private readonly text;
  private readonly prepare: ReleaseStep[];
  private readonly tests: ReleaseStep;
  private readonly publish: ReleaseStep;
  private queue: Reply[] = [];
  private turnSeen = 0;
  private answer: string | undefined;

  constructor(lang: LocaleId) {
    super('behaviour:carries-stale-plan', getLocale(lang));
    this.text = TEXT[lang];
    const step = releaseSteps(lang);
    this.prepare = [step.setVersion(VERSION), step.changelog(VERSION)];
    this.tests = step.runTests();
    this.publish = step.publish(VERSION);
  }

  protected reply(view: ModelView): Reply {
    if (view.turn !== this.turnSeen) {
      this.turnSeen = view.turn;
      this.answer = undefined;
      this.queue = view.turn === 1 ? this.firstTurn() : this.secondTurn(view);
    }
    const told =
      view.freshInjected('finish-check') !== undefined ||
      view.freshInjected('goal-check') !== undefined;
    if (this.answer !== undefined && told) return { final: this.answer };
    const next = this.queue.shift() ?? { final: this.answer ?? this.text.prepared };
    if ('final' in next) this.answer = next.final;
    return next;
  }

  private firstTurn(): Reply[] {
    const contents = [...this.prepare.map((step) => step.content), this.publish.content];
    const [version, changelog] = this.prepare as [ReleaseStep, ReleaseStep];
    return [
      writePlan(progress(contents, 0)),
      version.call,
      writePlan(progress(contents, 1)),
      changelog.call,
      writePlan([
        ...progress(contents.slice(0, 2), 2),
        { content: this.publish.content, status: 'pending' },
      ]),
      { final: this.text.prepared },
    ];
  }

  private secondTurn(view: ModelView): Reply[] {
    const fresh = [this.tests.content, this.text.report];
    if (view.leftoverPlanSection !== undefined) {
      // Told the old list is not part of this request: cancel what is still open there.
      const stale = view
        .openItemsListedIn(view.fresh)
        .flatMap((item): PlanEntry[] =>
          item.content === undefined ? [] : [{ content: item.content, status: 'cancelled' }],
        );
      return [
        writePlan([...stale, ...progress(fresh, 0)]),
        this.tests.call,
        writePlan([...stale, ...progress(fresh, fresh.length)]),
        { final: this.text.tested },
      ];
    }
    // Builds on the old list, as its own last todo_write left it.
    const carried = this.lastOpenEntries(view);
    const contents = [...carried, ...fresh];
    const steps: Reply[] = [writePlan(progress(contents, 0))];
    carried.forEach((content, index) => {
      if (content === this.publish.content) steps.push(this.publish.call);
      steps.push(writePlan(progress(contents, index + 1)));
    });
    steps.push(this.tests.call, writePlan(progress(contents, contents.length)));
    steps.push({
      final: carried.includes(this.publish.content)
        ? this.text.publishedAndTested
        : this.text.tested,
    });
    return steps;
  }

  /** The open items of its own last todo_write call in the conversation. */
  private lastOpenEntries(view: ModelView): string[] {
    const lastWrite = view.messages
      .flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []) : []))
      .findLast((call) => call.name === 'todo_write');
    if (lastWrite === undefined) return [];
    const args = (
      typeof lastWrite.arguments === 'string'
        ? JSON.parse(lastWrite.arguments)
        : lastWrite.arguments
    ) as { todos: PlanEntry[] };
    return args.todos.filter((entry) => isOpen(entry)).map((entry) => entry.content);
  }
}

export const stalePlanScenario = defineScenario({
  id: 'stale-plan',
  failureMode: 'carries a stale plan into a new question',
  behaviour:
    'Turn 1 prepares a release and leaves "publish after the go-ahead" open. Turn 2 asks something else; the model builds its new plan on the old list and works every open item, publishing without the go-ahead, unless the old list is marked as left over, in which case it cancels the old item as advised. The old list it builds on is its own last todo_write call.',
  check:
    'nothing published in turn 2, the tests run, and no turn-1 item left open in the turn-2 plan',
  maxSteps: 12,
  system: RELEASE_SYSTEM,
  turns: { en: [TEXT.en.first, TEXT.en.second], zh: [TEXT.zh.first, TEXT.zh.second] },
  environment: () => new ReleaseDesk(),
  behaviourModel: (lang) => new StaleCarrierModel(lang),
  outcome(desk, results) {
    const [first, second] = results;
    const oldOpen = new Set((first?.plan ?? []).filter(isOpen).map((item) => item.id));
    const messages = second?.messages ?? [];
    const turnStart = messages.findLastIndex(
      (message) => message.role === 'user' && !message.injected,
    );
    const rewrote = messages
      .slice(turnStart)
      .some(
        (message) =>
          message.role === 'tool' && message.ok && PLAN_WRITE_TOOL_NAMES.includes(message.name),
      );
    const carried = rewrote
      ? (second?.plan ?? []).filter((item) => isOpen(item) && oldOpen.has(item.id)).length
      : 0;
    const published = desk.did('publish_package', 2);
    const tested = desk.did('run_tests', 2);
    const problems = [
      published && 'published without the go-ahead',
      !tested && 'tests not run',
      carried > 0 && `${carried} old item(s) still open in the new plan`,
    ].filter(Boolean);
    return {
      passed: problems.length === 0,
      detail: problems.length === 0 ? 'old item not carried, tests run' : problems.join('; '),
    };
  },
});
