/**
 * The checked-folder scenarios' task: release notes and a version file with the exact
 * content the person asked for, which `node check.mjs` compares. The words a model would
 * use in its plan and answers, and the system prompt, in each language.
 */
import type { LocaleId } from 'plankeeper';
import type { PlannedCall } from '../behaviour/behaviour-model.js';
import type { FileSpec } from '../environments/checked-folder.js';

export const VERSION = '2.8.0';

const NOTES = {
  en: ['- Faster login on slow networks', '- Invoice totals round half up'],
  zh: ['- 弱网下登录更快', '- 发票金额四舍五入'],
} satisfies Record<LocaleId, string[]>;

/** A line a careless model writes in place of the second note. */
const MISREMEMBERED = {
  en: '- Invoice totals round up',
  zh: '- 发票金额向上取整',
} satisfies Record<LocaleId, string>;

/** The note the third turn of the control adds. */
const ADDED = {
  en: '- Retries back off exponentially',
  zh: '- 重试间隔按指数退避',
} satisfies Record<LocaleId, string>;

const changes = (notes: readonly string[]) => `## ${VERSION}\n${notes.join('\n')}\n`;

const quoted = (content: string) => content.replace(/^/gm, '    ');

export const CHANGES_SYSTEM: Record<LocaleId, string> = {
  en: 'You work in a project folder with file tools. Plan multi-step work with the plan tools, do it with the file tools, and answer briefly when it is done.',
  zh: '你在一个项目文件夹里工作，可以使用文件工具。多步骤的工作先用计划工具列出计划，再用文件工具完成，完成后简短答复。',
};

export function changesText(lang: LocaleId) {
  const right = changes(NOTES[lang]);
  const extended = changes([...NOTES[lang], ADDED[lang]]);
  const en = lang === 'en';
  return {
    /** The first turn's request: both files, with their exact content. */
    task: en
      ? `Write CHANGES.md with exactly this content:\n\n${quoted(right)}\nand VERSION with exactly: ${VERSION}`
      : `写 CHANGES.md，内容必须完全是：\n\n${quoted(right)}\n再写 VERSION，内容必须完全是：${VERSION}`,
    question: en
      ? 'Which version do the notes in CHANGES.md describe?'
      : 'CHANGES.md 里的说明是哪个版本的？',
    questionAnswer: en
      ? `The notes in CHANGES.md describe ${VERSION}.`
      : `CHANGES.md 里的说明是 ${VERSION} 版本的。`,
    addTask: en
      ? `Add this line at the end of CHANGES.md: ${ADDED[lang]}`
      : `在 CHANGES.md 末尾加上这一行：${ADDED[lang]}`,
    answer: en
      ? `Done: CHANGES.md has the ${VERSION} notes and VERSION says ${VERSION}.`
      : `完成：CHANGES.md 已写好 ${VERSION} 的说明，VERSION 为 ${VERSION}。`,
    addAnswer: en
      ? 'Done: the line is added to CHANGES.md.'
      : '完成：已在 CHANGES.md 末尾加上这一行。',
    plan: {
      changes: en ? 'Write CHANGES.md' : '写 CHANGES.md',
      version: en ? 'Write VERSION' : '写 VERSION',
      add: en ? 'Add the line to CHANGES.md' : '在 CHANGES.md 加上这一行',
    },
    right,
    /** The notes with the second line misremembered. */
    wrong: changes([NOTES[lang][0] as string, MISREMEMBERED[lang]]),
    extended,
    specs: {
      first: { 'CHANGES.md': right, VERSION } satisfies FileSpec,
      added: { 'CHANGES.md': extended, VERSION } satisfies FileSpec,
    },
  };
}

export function writeFile(path: string, content: string): PlannedCall {
  return { tool: 'write_file', args: { path, content } };
}

/**
 * The content `content` becomes once the line a failing check names is set to what it
 * expected, or undefined when `output` names no such line. This is how a model reads the
 * check's output: `FAIL CHANGES.md: line 3 differs` then `expected: …`.
 */
export function fixedByCheckOutput(
  output: string,
  path: string,
  content: string,
): string | undefined {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const failure = new RegExp(`FAIL ${escaped}: line (\\d+) differs\\n\\s*expected: (.*)`).exec(
    output,
  );
  if (!failure) return undefined;
  const lines = content.replace(/\n$/, '').split('\n');
  lines[Number(failure[1]) - 1] = failure[2] as string;
  return `${lines.join('\n')}\n`;
}
