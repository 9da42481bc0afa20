/**
 * The steps of the release-desk scenarios, as a model would word them in its plan, with
 * the tool call that does each one.
 */
import type { LocaleId, RunResult } from 'plankeeper';
import { isOpen } from 'plankeeper';
import type { PlannedCall } from '../behaviour/behaviour-model.js';
import type { ReleaseDesk } from '../environments/release-desk.js';

export interface ReleaseStep {
  content: string;
  call: PlannedCall;
}

const WORDS = {
  en: {
    setVersion: (version: string) => `Set the version to ${version}`,
    changelog: (version: string) => `Add the ${version} changelog entry`,
    notes: '- Faster login on slow networks\n- Invoice totals round half up',
    patch: (name: string) => `Apply the ${name} patch`,
    runTests: 'Run the tests',
    build: 'Build the package',
    tag: (version: string) => `Tag the release v${version}`,
    publish: (version: string) => `Publish ${version} after the go-ahead`,
  },
  zh: {
    setVersion: (version: string) => `把版本号改为 ${version}`,
    changelog: (version: string) => `添加 ${version} 的更新日志`,
    notes: '- 弱网下登录更快\n- 发票金额四舍五入',
    patch: (name: string) => `应用补丁 ${name}`,
    runTests: '运行测试',
    build: '构建发布包',
    tag: (version: string) => `打发布标签 v${version}`,
    publish: (version: string) => `收到确认后发布 ${version}`,
  },
} satisfies Record<LocaleId, unknown>;

export function releaseSteps(lang: LocaleId) {
  const words = WORDS[lang];
  return {
    setVersion: (version: string): ReleaseStep => ({
      content: words.setVersion(version),
      call: { tool: 'set_version', args: { version } },
    }),
    changelog: (version: string): ReleaseStep => ({
      content: words.changelog(version),
      call: { tool: 'add_changelog_entry', args: { version, notes: words.notes } },
    }),
    patch: (name: string): ReleaseStep => ({
      content: words.patch(name),
      call: { tool: 'apply_patch', args: { name } },
    }),
    runTests: (): ReleaseStep => ({
      content: words.runTests,
      call: { tool: 'run_tests', args: {} },
    }),
    build: (): ReleaseStep => ({ content: words.build, call: { tool: 'build_package', args: {} } }),
    tag: (version: string): ReleaseStep => ({
      content: words.tag(version),
      call: { tool: 'tag_release', args: { version } },
    }),
    publish: (version: string): ReleaseStep => ({
      content: words.publish(version),
      call: { tool: 'publish_package', args: {} },
    }),
  };
}

/** The system prompt of every release scenario. */
export const RELEASE_SYSTEM: Record<LocaleId, string> = {
  en: 'You are the release assistant of the voltway-sdk package. Use the release tools to do what the user asks, then answer with a short summary.',
  zh: '你是 voltway-sdk 包的发布助手。用发布工具完成用户的要求，最后简短总结。',
};

/** The five tools a finished release has called, in order. */
export const RELEASE_TOOLS = [
  'set_version',
  'add_changelog_entry',
  'run_tests',
  'build_package',
  'tag_release',
] as const;

/** How far a release run got: steps the desk saw done, and the final plan's state. */
export function releaseProgress(desk: ReleaseDesk, results: readonly RunResult[]) {
  const done = RELEASE_TOOLS.filter((tool) => desk.did(tool)).length;
  const plan = results.at(-1)?.plan ?? [];
  const completed = plan.filter((item) => item.status === 'completed').length;
  return {
    done,
    allDone: done === RELEASE_TOOLS.length,
    plan,
    open: plan.filter(isOpen).length,
    steps: `${done}/${RELEASE_TOOLS.length} steps done`,
    planDetail: `plan ${completed}/${plan.length} completed`,
  };
}

/** The five steps of a plain release, in order. */
export function standardRelease(lang: LocaleId, version: string): ReleaseStep[] {
  const step = releaseSteps(lang);
  return [
    step.setVersion(version),
    step.changelog(version),
    step.runTests(),
    step.build(),
    step.tag(version),
  ];
}

const RELEASE_TEXT = {
  en: {
    task: (version: string) =>
      `Release ${version}: set the version, add the changelog entry, run the tests, build the package and tag the release v${version}.`,
    answer: (version: string) =>
      `Released ${version}: version set, changelog entry added, tests pass, package built and tagged v${version}.`,
  },
  zh: {
    task: (version: string) =>
      `发布 ${version}：改版本号，添加更新日志，运行测试，构建发布包，并打上 v${version} 标签。`,
    answer: (version: string) =>
      `${version} 已发布：版本号已改，更新日志已添加，测试通过，发布包已构建并打上 v${version} 标签。`,
  },
} satisfies Record<LocaleId, unknown>;

/** The user's request for a plain release, and a complete answer to it. */
export function releaseText(lang: LocaleId, version: string) {
  return { task: RELEASE_TEXT[lang].task(version), answer: RELEASE_TEXT[lang].answer(version) };
}
