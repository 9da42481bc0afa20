/**
 * Seed 003 §5.3: "add type annotations to everything under utils/ and keep the tests
 * green". The first test run fails on an unrelated bug; the model debugs and fixes it,
 * and then, with the original steps buried under the debugging, reports "done" with
 * four modules untouched.
 */

import type { Locale, LocaleId } from 'plankeeper';
import { getLocale } from 'plankeeper';
import {
  BehaviourModel,
  type PlannedCall,
  progress,
  type Reply,
  writePlan,
} from '../behaviour/behaviour-model.js';
import type { ModelView } from '../behaviour/model-view.js';
import {
  annotateSource,
  fixDaysBetween,
  PythonUtilsProject,
} from '../environments/python-utils.js';
import { defineScenario } from '../scenario.js';

const TEXT = {
  en: {
    system:
      'You are a coding agent in a Python repository. Use the tools to read, change and test files, then answer with a short summary of what you did.',
    task: 'Add type annotations to every function in the modules under utils/ and make sure the tests pass.',
    annotate: (file: string) => `Annotate ${file}`,
    runTests: 'Run the tests and fix failures',
    forgotten:
      'Fixed the failing test: days_between in utils/dates.py counted one day too many. All tests pass now.',
    finished: (modules: number) =>
      `Added type annotations to every function in the ${modules} modules under utils/ and fixed the off-by-one in days_between (utils/dates.py). All tests pass.`,
  },
  zh: {
    system:
      '你是在 Python 仓库中工作的编程助手。用工具读取、修改和测试文件，最后简短总结你做了什么。',
    task: '给 utils/ 下所有模块的每个函数补上类型注解，并保证测试通过。',
    annotate: (file: string) => `给 ${file} 补类型注解`,
    runTests: '运行测试并修复失败',
    forgotten: '修好了失败的测试：utils/dates.py 里的 days_between 多算了一天。现在测试全部通过。',
    finished: (modules: number) =>
      `已给 utils/ 下 ${modules} 个模块的每个函数补上类型注解，并修复了 days_between（utils/dates.py）多算一天的问题。测试全部通过。`,
  },
} satisfies Record<LocaleId, unknown>;

type Step = (view: ModelView) => Reply;

/**
 * Plans one item per module, annotates the first, runs the tests, and gets pulled into
 * debugging by the failure. When the tests pass again it answers as if it were done,
 * unless something it received since the failure listed the open steps: the plan
 * section, a todo_read result, or a finish-check bounce. A reminder makes it read its
 * plan. A goal check quotes the request, which names no files, so it repeats its answer.
 */
export class ForgetfulModel extends BehaviourModel {
  private readonly text;
  private queue: Step[] = [];
  private planned = false;
  private testsSeen = 0;
  /** Index of the failing test result that started the debugging, while it lasts. */
  private distraction: number | undefined;
  private forgot = false;
  private answer: string | undefined;

  constructor(lang: LocaleId, locale: Locale = getLocale(lang)) {
    super('behaviour:forgets-after-distraction', locale);
    this.text = TEXT[lang];
  }

  protected reply(view: ModelView): Reply {
    const listing = view.toolResults('list_files')[0];
    if (listing === undefined) return { tool: 'list_files', args: { path: 'utils' } };
    const files = listing.content.split('\n').filter((name) => name.endsWith('.py'));
    const contents = [...files.map(this.text.annotate), this.text.runTests];
    if (!this.planned) {
      this.planned = true;
      this.queue = this.workPlan(files, contents);
      return writePlan(progress(contents, 0));
    }
    if (view.freshInjected('reminder') !== undefined) return { tool: 'todo_read', args: {} };
    if (this.answer !== undefined) {
      if (this.forgot && view.freshInjected('finish-check') !== undefined) {
        this.forgot = false;
        this.answer = undefined;
      } else return { final: this.answer };
    }
    const runs = view.toolResults('run_tests');
    for (const run of runs.slice(this.testsSeen)) {
      const index = view.messages.lastIndexOf(run);
      if (run.content.includes('FAILED') && this.distraction === undefined) {
        this.distraction = index;
        this.queue.unshift(...this.debugging());
      } else if (!run.content.includes('FAILED') && this.distraction !== undefined) {
        const since = view.messages.slice(this.distraction);
        this.distraction = undefined;
        if (view.openItemsListedIn(since).length === 0) {
          this.forgot = true;
          this.answer = this.text.forgotten;
        }
      }
    }
    this.testsSeen = runs.length;
    if (this.answer !== undefined) return { final: this.answer };
    const next = this.queue.shift();
    if (next) return next(view);
    this.answer = this.text.finished(files.length);
    return { final: this.answer };
  }

  private workPlan(files: readonly string[], contents: readonly string[]): Step[] {
    const steps: Step[] = [];
    files.forEach((file, index) => {
      steps.push(
        () => ({ tool: 'read_file', args: { path: file } }),
        (view) => writeFile(file, annotateSource(lastRead(view, file))),
        () => writePlan(progress(contents, index + 1)),
      );
      // Checks early, after the first module, as the seed's trajectory does.
      if (index === 0) steps.push(runTests);
    });
    steps.push(runTests, () => writePlan(progress(contents, contents.length)));
    return steps;
  }

  private debugging(): Step[] {
    return [
      () => ({ tool: 'read_file', args: { path: 'tests/test_utils.py' } }),
      () => ({ tool: 'read_file', args: { path: 'utils/dates.py' } }),
      (view) => writeFile('utils/dates.py', fixDaysBetween(lastRead(view, 'utils/dates.py'))),
      runTests,
    ];
  }
}

const runTests: Step = () => ({ tool: 'run_tests', args: {} });

function writeFile(path: string, content: string): PlannedCall {
  return { tool: 'write_file', args: { path, content } };
}

/** The content of `path` as the model last read it (the write comes right after the read). */
function lastRead(view: ModelView, path: string): string {
  const messages = view.turnMessages;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role !== 'tool' || message.name !== 'read_file') continue;
    const call = messages
      .slice(0, index)
      .findLast((candidate) => candidate.role === 'assistant')
      ?.toolCalls?.find((toolCall) => toolCall.id === message.toolCallId);
    const args = typeof call?.arguments === 'string' ? JSON.parse(call.arguments) : call?.arguments;
    if (args?.path === path) return message.content;
  }
  return '';
}

export const distractionScenario = defineScenario({
  id: 'distraction',
  failureMode: 'forgets the remaining steps after a distraction',
  behaviour:
    'Plans one item per module, annotates the first, then a failing test pulls it into debugging an unrelated bug. Once the tests pass it answers "done", unless something it received since the failure listed the open steps (plan section, todo_read result, finish-check bounce); a reminder makes it read its plan. The goal check quotes the request, which names no files, so it repeats its answer.',
  check: 'every module under utils/ fully annotated, the bug fixed and the last test run green',
  maxSteps: 40,
  system: { en: TEXT.en.system, zh: TEXT.zh.system },
  turns: { en: [TEXT.en.task], zh: [TEXT.zh.task] },
  environment: () => new PythonUtilsProject(),
  behaviourModel: (lang) => new ForgetfulModel(lang),
  outcome(project) {
    const annotated = project.annotatedModules().length;
    const total = project.moduleNames.length;
    const green = project.testRuns.at(-1) === true;
    return {
      passed: annotated === total && project.bugFixed && green,
      detail: `${annotated}/${total} modules annotated, ${project.bugFixed ? 'bug fixed' : 'bug not fixed'}, last test run ${green ? 'green' : project.testRuns.length === 0 ? 'missing' : 'red'}`,
    };
  },
});
