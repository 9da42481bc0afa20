// Token cost and prompt-cache safety of the plan as the model sees it.
//
// 1. The same 5-, 10- and 20-item plans (some completed, one in progress, the rest
//    pending) in plankeeper's tail section, taken from a real Agent run, and in each
//    anchor's documented format (sources in src/eval/anchor-formats.ts), in o200k tokens.
// 2. A scripted 30-call task (seed 003's utils/ task against the eval's fake repository,
//    with real tool outputs) run through the real Agent once per injection mode, and in
//    the default mode through the AI SDK adapter's real generateText loop: input tokens,
//    plan tokens, the share of each call's input a prompt cache can reuse, and a check
//    that no earlier message ever changes between calls.

import {
  Agent,
  createPlanTools,
  getLocale,
  PlanEngine,
  PlanHarness,
  progressOf,
  renderPlan,
} from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';
import {
  ANCHOR_INFORMATION,
  agentFrameworkMessage,
  claudeCodeTodoWriteResult,
  codexUpdatePlan,
  geminiWriteTodosResult,
  langChainWriteTodosMessage,
} from '../packages/cli/dist/eval/anchor-formats.js';
import {
  annotateSource,
  fixDaysBetween,
  PythonUtilsProject,
} from '../packages/cli/dist/eval/environments/python-utils.js';
import { measureCalls, tokenCount } from '../packages/cli/dist/eval/prompt-metrics.js';
import { runThroughAiSdk } from './ai-sdk-run.mjs';
import { printTable, verdict } from './report.mjs';

const SIZES = [5, 10, 20];
const locale = getLocale('en');

const STEPS = [
  ['Read the failing test output', 'Reading the failing test output'],
  ['Find where days_between is defined', 'Finding where days_between is defined'],
  ['Fix the off-by-one in days_between', 'Fixing the off-by-one in days_between'],
  ['Annotate utils/strings.py', 'Annotating utils/strings.py'],
  ['Annotate utils/dates.py', 'Annotating utils/dates.py'],
  ['Annotate utils/money.py', 'Annotating utils/money.py'],
  ['Annotate utils/paths.py', 'Annotating utils/paths.py'],
  ['Annotate utils/retry.py', 'Annotating utils/retry.py'],
  ['Run the test suite', 'Running the test suite'],
  ['Add a test for split_evenly rounding', 'Adding a test for split_evenly rounding'],
  ['Update the type stubs in utils/__init__.pyi', 'Updating the type stubs'],
  ['Enable mypy strict mode for utils/', 'Enabling mypy strict mode'],
  ['Fix the errors mypy reports', 'Fixing the errors mypy reports'],
  ['Document the helpers in docs/utils.md', 'Documenting the helpers'],
  ['Add a changelog entry', 'Adding a changelog entry'],
  ['Bump the version to 2.4.0', 'Bumping the version to 2.4.0'],
  ['Build the package', 'Building the package'],
  ['Tag the release v2.4.0', 'Tagging the release v2.4.0'],
  ['Publish to the package registry', 'Publishing to the package registry'],
  ['Tell the team in the release channel', 'Telling the team in the release channel'],
];

/** The first `size` steps: 40% completed, one in progress, the rest pending. */
function planOf(size) {
  const completed = Math.round(size * 0.4);
  return STEPS.slice(0, size).map(([content, activeForm], index) => ({
    content,
    activeForm,
    status: index < completed ? 'completed' : index === completed ? 'in_progress' : 'pending',
  }));
}

/**
 * What the real harness shows the model for `items`: the write result of `todo_write`,
 * the full tail section (shown whenever the plan changed in a way the model did not
 * write itself: granular tools, other processes, the host) and the short form shown
 * while the plan is unchanged.
 */
async function plankeeperTexts(items) {
  const engine = new PlanEngine();
  const key = { agent: 'bench', session: 'formats' };
  const harness = new PlanHarness({ engine, key });
  await harness.beginTurn('Work through the plan.');
  const [todoWrite] = createPlanTools({ engine, tools: 'whole-list', echoPlan: false });
  const todos = items.map(({ content, status }) => ({ content, status }));
  const written = await todoWrite.execute({ todos }, harness.toolContext('call_1'));
  if (!written.ok) throw new Error(written.text);
  const section = (await harness.planSection())?.text;
  // The model answers that call with a tool round; from then on it has seen the list.
  await harness.endToolRound();
  const focus = (await harness.planSection())?.text;
  if (section === undefined || focus === undefined) {
    throw new Error('the harness did not show the plan where the benchmark expects it');
  }
  return { section, writeResult: written.text, focus };
}

/** plankeeper's section with the information an anchor lacks taken out. */
function reduce(section, { ids, progress }) {
  let text = section;
  if (!ids) text = text.replace(/^(- \[.\]) #\d+ /gm, '$1 ');
  if (!progress) text = text.replace(/ \(\d+\/\d+ completed(?:, \d+ cancelled)?\)/g, '');
  return text;
}

async function formats() {
  const rows = [];
  const reduced = [];
  const perSize = new Map();
  for (const size of SIZES) {
    const items = planOf(size);
    const pk = await plankeeperTexts(items);
    const codex = codexUpdatePlan(items);
    perSize.set(size, {
      'plankeeper: tail section': tokenCount(pk.section),
      'plankeeper: write result + tail section': tokenCount(`${pk.writeResult}\n${pk.section}`),
      'plankeeper: focus form (plan unchanged)': tokenCount(pk.focus),
      'Agent Framework: injected message': tokenCount(agentFrameworkMessage(items)),
      'Claude Code: TodoWrite result + reminder': tokenCount(claudeCodeTodoWriteResult(items)),
      'LangChain: write_todos message': tokenCount(langChainWriteTodosMessage(items)),
      'Gemini CLI: write_todos result': tokenCount(geminiWriteTodosResult(items)),
      'Codex: update_plan arguments + result': tokenCount(`${codex.arguments}\n${codex.result}`),
      // plankeeper's section at each anchor's level of information.
      reduced: {
        'Agent Framework: injected message': tokenCount(reduce(pk.section, { ids: true })),
        'Claude Code: TodoWrite result + reminder': tokenCount(reduce(pk.section, {})),
        'LangChain: write_todos message': tokenCount(reduce(pk.section, {})),
        // Gemini numbers items by position: plankeeper keeps its ids against them.
        'Gemini CLI: write_todos result': tokenCount(reduce(pk.section, { ids: true })),
        'Codex: update_plan arguments + result': tokenCount(reduce(pk.section, {})),
      },
    });
  }
  const information = {
    'plankeeper: tail section': ANCHOR_INFORMATION.plankeeper,
    'plankeeper: write result + tail section': ANCHOR_INFORMATION.plankeeper,
    'plankeeper: focus form (plan unchanged)': {
      ids: 'stable, open ones only',
      statuses: 'current item, open ids',
      progress: true,
    },
    'Agent Framework: injected message': ANCHOR_INFORMATION.agentFramework,
    'Claude Code: TodoWrite result + reminder': ANCHOR_INFORMATION.claudeCode,
    'LangChain: write_todos message': ANCHOR_INFORMATION.langChain,
    'Gemini CLI: write_todos result': ANCHOR_INFORMATION.gemini,
    'Codex: update_plan arguments + result': ANCHOR_INFORMATION.codex,
  };
  for (const [name, info] of Object.entries(information)) {
    rows.push([
      name,
      ...SIZES.map((size) => perSize.get(size)[name]),
      info.ids,
      info.statuses,
      info.progress ? 'yes' : 'no',
      info.extra ?? '',
    ]);
  }
  printTable(
    'Plan as the model sees it after one update (o200k tokens; same items in every format)',
    ['format', '5 items', '10 items', '20 items', 'ids', 'statuses', 'progress', 'also carries'],
    rows,
  );
  console.log(
    '\nNotes: every whole-list tool (plankeeper todo_write, Claude Code, LangChain, Gemini) also keeps the\n' +
      "model's own call arguments in the conversation; they are not counted above except for Codex,\n" +
      'whose list exists only there. Agent Framework injects its message at the start of each agent\n' +
      'invocation (user turn), not after each update inside a tool loop.',
  );

  const anchors = Object.keys(perSize.get(SIZES[0]).reduced);
  for (const anchor of anchors) {
    const lacks = anchor.startsWith('Agent Framework')
      ? 'progress; in_progress and cancelled (open/done only)'
      : anchor.startsWith('Gemini')
        ? 'progress; stable ids (positions instead, kept as ids here)'
        : 'ids; progress; cancelled';
    reduced.push([
      anchor,
      lacks,
      ...SIZES.map((size) => perSize.get(size).reduced[anchor]),
      ...SIZES.map((size) => perSize.get(size)[anchor]),
    ]);
  }
  printTable(
    "Equal information: plankeeper's tail section with what the anchor lacks removed, vs the anchor",
    ['anchor', 'anchor lacks', 'pk 5', 'pk 10', 'pk 20', 'anchor 5', 'anchor 10', 'anchor 20'],
    reduced,
  );
  let worst = { margin: Number.POSITIVE_INFINITY };
  for (const size of SIZES) {
    for (const anchor of anchors) {
      const margin = perSize.get(size)[anchor] - perSize.get(size).reduced[anchor];
      if (margin < worst.margin) worst = { margin, anchor, size };
    }
  }
  verdict(
    "plankeeper's section no larger than every anchor at equal information",
    worst.margin >= 0,
    `closest: ${worst.anchor}, ${worst.size} items, anchor minus plankeeper = ${worst.margin} tokens`,
  );
  for (const size of SIZES) {
    const row = perSize.get(size);
    const [smallest, tokens] = anchors
      .map((anchor) => [anchor, row[anchor]])
      .sort((a, b) => a[1] - b[1])[0];
    const own = row['plankeeper: tail section'];
    console.log(
      `info  as sent, ${size} items: plankeeper ${own} tokens (ids, 4 statuses, progress) vs smallest anchor ${tokens} (${smallest})`,
    );
  }
}

/** Seed 003's utils/ task as a fixed 30-call script, with writes computed from the real files. */
function utilsScript(project) {
  const modules = [
    'utils/dates.py',
    'utils/money.py',
    'utils/paths.py',
    'utils/retry.py',
    'utils/strings.py',
  ];
  const contents = [...modules.map((file) => `Annotate ${file}`), 'Run the tests and fix failures'];
  const plan = (done) => ({
    tool: 'todo_write',
    args: {
      todos: contents.map((content, index) => ({
        content,
        status: index < done ? 'completed' : index === done ? 'in_progress' : 'pending',
      })),
    },
  });
  const read = (path) => ({ tool: 'read_file', args: { path } });
  const write = (path, content) => ({ tool: 'write_file', args: { path, content } });
  const source = (path) => project.files.get(path);
  const steps = [
    { tool: 'list_files', args: { path: 'utils' } },
    plan(0),
    read('utils/dates.py'),
    write('utils/dates.py', annotateSource(source('utils/dates.py'))),
    { tool: 'run_tests', args: {} },
    read('tests/test_utils.py'),
    write('utils/dates.py', fixDaysBetween(annotateSource(source('utils/dates.py')))),
    { tool: 'run_tests', args: {} },
    plan(1),
  ];
  modules.slice(1).forEach((file, index) => {
    steps.push(read(file), write(file, annotateSource(source(file))), plan(index + 2));
  });
  steps.push(
    { tool: 'run_tests', args: {} },
    read('utils/dates.py'),
    read('utils/strings.py'),
    { tool: 'list_files', args: {} },
    read('utils/retry.py'),
    read('utils/money.py'),
    plan(contents.length),
    {
      final:
        'Added type annotations to every function in the five modules under utils/ and fixed the off-by-one in days_between. All tests pass.',
    },
    // The goal check asks once to check the answer against the request.
    {
      final:
        'Checked against the request: every function under utils/ is annotated and the tests pass.',
    },
  );
  return steps;
}

const MODES = [
  ['tail + focus (default)', {}],
  ['tail + full every call', { injection: { whenUnchanged: 'full', whenJustWritten: 'full' } }],
  ['tail + omit when unchanged', { injection: { whenUnchanged: 'omit' } }],
  ['history placement', { injection: { placement: 'history' } }],
  ['injection off + echoPlan', { injection: false, echoPlan: true }],
];

/**
 * Candidate focus forms for an unchanged plan, built through the public
 * `injection.builder` option. Not shipped: measured only to show what would meet the
 * 40% target when the default misses it.
 */
function focusCandidate(line) {
  return ({ items, changed }) => {
    if (items.length === 0) return undefined;
    if (changed) return renderPlan(items, { locale });
    const open = items.filter((item) => item.status === 'pending' || item.status === 'in_progress');
    const current = open.find((item) => item.status === 'in_progress');
    const done = items.filter((item) => item.status === 'completed').length;
    const rest = open.filter((item) => item !== current).map((item) => `#${item.id}`);
    return line({ done, total: items.length, current, rest });
  };
}

/** The built-in focus form on every `every`-th call with an unchanged plan, nothing in between. */
function sparseFocus(every) {
  let unchanged = 0;
  return (context) => {
    if (context.items.length === 0) return undefined;
    if (context.changed) {
      unchanged = 0;
      return renderPlan(context.items, { locale });
    }
    unchanged++;
    if (unchanged % every !== 0) return undefined;
    const open = context.items.filter(
      (item) => item.status === 'pending' || item.status === 'in_progress',
    );
    const current = open.find((item) => item.status === 'in_progress');
    return locale.harness.focus(
      progressOf(context.items),
      current,
      open.filter((item) => item !== current).map((item) => item.id),
    );
  };
}

const CANDIDATES = [
  [
    'one line, current item named',
    () =>
      focusCandidate(
        ({ done, total, current, rest }) =>
          `Plan unchanged (${done}/${total} completed).${current ? ` Now #${current.id} ${current.content}.` : ''}${rest.length ? ` Open ${rest.join(' ')}.` : ''}`,
      ),
  ],
  [
    'one line, ids only',
    () =>
      focusCandidate(
        ({ done, total, current, rest }) =>
          `Plan unchanged (${done}/${total}).${current ? ` Now #${current.id}.` : ''}${rest.length ? ` Open ${rest.join(' ')}.` : ''}`,
      ),
  ],
  ['built-in focus form every 2nd unchanged call', () => sparseFocus(2)],
  ['built-in focus form every 3rd unchanged call', () => sparseFocus(3)],
];

const UTILS_TASK =
  'Add type annotations to every function in the modules under utils/ and make sure the tests pass.';

function assertCompleted(project) {
  if (project.annotatedModules().length !== 5 || project.testRuns.at(-1) !== true) {
    throw new Error('the scripted task did not complete');
  }
}

async function runUtilsTask(planning) {
  const project = new PythonUtilsProject();
  const model = new ScriptedModel(utilsScript(project));
  const agent = new Agent({ model, tools: project.tools, planning, maxSteps: 40 });
  const result = await agent.run(UTILS_TASK);
  if (result.error !== null) throw new Error(result.error);
  assertCompleted(project);
  return measureCalls(result.calls, locale);
}

/** The same script through plankeeper/ai-sdk (runWithPlan around generateText). */
async function runUtilsTaskThroughAiSdk(planning) {
  const project = new PythonUtilsProject();
  const calls = await runThroughAiSdk({
    steps: utilsScript(project),
    tools: project.tools,
    task: UTILS_TASK,
    planning,
    locale,
    maxSteps: 40,
  });
  assertCompleted(project);
  return measureCalls(calls, locale);
}

async function modes() {
  const results = [];
  for (const [name, planning] of MODES) {
    results.push({ name, metrics: await runUtilsTask(planning) });
  }
  const aiSdk = await runUtilsTaskThroughAiSdk({});
  results.push({ name: 'AI SDK adapter, tail + focus', metrics: aiSdk });
  printTable(
    'Scripted 30-call task through the real Agent per injection mode, and through the AI SDK adapter (o200k tokens, messages only)',
    [
      'mode',
      'calls',
      'input tokens',
      'plan tokens',
      'plan/call',
      'plan % of input',
      'cacheable prefix %',
      'earlier msgs changed',
    ],
    results.map(({ name, metrics }) => [
      name,
      metrics.calls,
      metrics.inputTokens,
      metrics.planTokens,
      metrics.planTokens / metrics.calls,
      (100 * metrics.planTokens) / metrics.inputTokens,
      100 * metrics.cacheableShare,
      metrics.historyChanges,
    ]),
  );
  console.log(
    "\nplan tokens: plan text in each call's input (tail section, kept sections, lists echoed in tool\n" +
      'results), summed over calls. cacheable prefix: tokens each call shares byte-for-byte with the\n' +
      'call before it, over all input tokens (providers cache in blocks, so real hits are a bit lower).',
  );
  const byName = Object.fromEntries(results.map(({ name, metrics }) => [name, metrics]));
  const focus = byName['tail + focus (default)'];
  const full = byName['tail + full every call'];
  verdict(
    "AI SDK adapter's plan tokens equal the own loop's (default mode, same script)",
    aiSdk.planTokens === focus.planTokens,
    `${aiSdk.planTokens} vs ${focus.planTokens} (${aiSdk.calls} and ${focus.calls} calls)`,
  );
  const met = verdict(
    'default mode plan tokens ≤ 40% of the full list on every call',
    focus.planTokens <= 0.4 * full.planTokens,
    `${focus.planTokens} vs ${full.planTokens} = ${((100 * focus.planTokens) / full.planTokens).toFixed(1)}%`,
  );
  if (!met) {
    const rows = [];
    for (const [name, createBuilder] of CANDIDATES) {
      const metrics = await runUtilsTask({ injection: { builder: createBuilder() } });
      rows.push([name, metrics.planTokens, (100 * metrics.planTokens) / full.planTokens]);
    }
    printTable(
      'Not shipped: other unchanged-plan forms on the same task, through injection.builder',
      ['unchanged-plan form', 'plan tokens', '% of full every call'],
      rows,
    );
  }
  const changed = results.filter(({ metrics }) => metrics.historyChanges > 0);
  verdict(
    'no earlier message ever changes between calls (every mode)',
    changed.length === 0,
    changed.length === 0
      ? `${results.reduce((sum, { metrics }) => sum + metrics.calls - 1, 0)} call pairs checked`
      : changed
          .map(
            ({ name, metrics }) =>
              `${name}: call ${metrics.firstHistoryChange.call} rewrote message ${metrics.firstHistoryChange.index}`,
          )
          .join('; '),
  );
}

/** The 10-item plan's steps in Chinese, for the compact-form check in both languages. */
const STEPS_ZH = [
  '阅读失败的测试输出',
  '找到 days_between 的定义位置',
  '修复 days_between 的差一错误',
  '为 utils/strings.py 添加类型注解',
  '为 utils/dates.py 添加类型注解',
  '为 utils/money.py 添加类型注解',
  '为 utils/paths.py 添加类型注解',
  '为 utils/retry.py 添加类型注解',
  '运行测试套件',
  '为 split_evenly 的舍入添加测试',
];

/**
 * Not shipped: a compact form of the full list with the same information (every item's id,
 * status and text, and the progress), items grouped under their status instead of a marker
 * on each line. Kept only if the 10-item plan fits the target in both languages.
 */
function groupedForm(items, words) {
  const group = (status) =>
    items.filter((item) => item.status === status).map((item) => `#${item.id} ${item.content}`);
  const done = group('completed').length;
  return [
    `### ${words.heading} (${words.progress(done, items.length)})`,
    ...[
      [words.done, group('completed')],
      [words.now, group('in_progress')],
      [words.next, group('pending')],
      [words.cancelled, group('cancelled')],
    ]
      .filter(([, entries]) => entries.length > 0)
      .map(([label, entries]) => `${label}: ${entries.join('; ')}`),
  ].join('\n');
}

const GROUPED_WORDS = {
  en: {
    heading: 'Todo list',
    progress: (done, total) => `${done}/${total} done`,
    done: 'Done',
    now: 'Now',
    next: 'Next',
    cancelled: 'Cancelled',
  },
  zh: {
    heading: '待办清单',
    progress: (done, total) => `已完成 ${done}/${total}`,
    done: '已完成',
    now: '进行中',
    next: '待办',
    cancelled: '已取消',
  },
};

const COMPACT_TARGET = 95;

function compactForm() {
  const rows = [];
  let holds = true;
  for (const lang of ['en', 'zh']) {
    const steps = lang === 'en' ? STEPS.slice(0, 10).map(([content]) => content) : STEPS_ZH;
    const items = steps.map((content, index) => ({
      id: String(index + 1),
      content,
      status: index < 4 ? 'completed' : index === 4 ? 'in_progress' : 'pending',
    }));
    const full = tokenCount(renderPlan(items, { locale: getLocale(lang) }));
    const grouped = tokenCount(groupedForm(items, GROUPED_WORDS[lang]));
    const texts = tokenCount(steps.join('\n'));
    rows.push([lang, full, grouped, texts]);
    holds &&= grouped <= COMPACT_TARGET;
  }
  printTable(
    'Not shipped: the 10-item plan grouped by status (same ids, statuses, texts, progress)',
    ['language', 'full list (shipped)', 'grouped', 'item texts alone'],
    rows,
  );
  verdict(
    `grouped form ≤ ${COMPACT_TARGET} tokens in both languages (kept only if so)`,
    holds,
    rows.map(([lang, full, grouped]) => `${lang} ${grouped} (full ${full})`).join(', '),
  );
}

export default async function run() {
  await formats();
  compactForm();
  await modes();
}
