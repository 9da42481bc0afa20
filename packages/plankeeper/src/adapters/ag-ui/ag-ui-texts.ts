/**
 * What a person reads from `plankeeper/ag-ui`: why the plan state their front end sent back
 * was refused (nothing was changed), and what an approval interrupt asks. English and
 * Chinese, like every text plankeeper shows; a refused single edit is said by the locale's
 * `person.problem`, as the dashboard and `plankeeper todos` say it.
 */
import type { LocaleId } from '../../locale/index.js';

export interface AgUiTexts {
  /** The state's `plankeeper` part has the wrong shape; `where` names the field. */
  badState(where: string, detail: string): string;
  /** The detail of `badState`: what the field should have been. */
  expected(what: string): string;
  unknownFields(names: readonly string[]): string;
  over(maximum: number): string;
  tooLarge(bytes: number, maximum: number): string;
  /** The state names another plan than this thread's. */
  otherPlan(sent: string, expected: string): string;
  /** A status a person cannot set from a front end (only completed or cancelled). */
  badStatus(id: string, status: string): string;
  /** The interrupt's message: what waits for the person's approval. */
  approvalWaiting(tool: string, open: number): string;
  /** The answer of a run whose approval the person declined. */
  approvalDeclined(): string;
  /** The model's task on the run that resumes with the person's approval. */
  approvedTask(): string;
  /** A run whose input has no user message to work on. */
  noTask(): string;
}

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

const en: AgUiTexts = {
  expected: (what) => `expected ${what}`,
  unknownFields: (names) => `unknown field ${quoted(names)}`,
  over: (maximum) => `more than ${maximum}`,
  badState: (where, detail) =>
    `The plan state sent back is not valid at ${where}: ${detail}. Send state.plankeeper as received, changing only items' content, status or note, or adding items.`,
  tooLarge: (bytes, maximum) =>
    `The plan state sent back is ${bytes} bytes, over the limit of ${maximum}. Send state.plankeeper as received, with only your edits.`,
  otherPlan: (sent, expected) =>
    `The plan state sent back is for plan ${sent}, not this thread's plan ${expected}. Send this thread's state.plankeeper.`,
  badStatus: (id, status) =>
    `Item #${id} cannot be set to ${status} from here; mark it completed or cancelled, or leave its status as it was.`,
  approvalWaiting: (tool, open) =>
    `The plan (${open} open ${open === 1 ? 'step' : 'steps'}) waits for your approval before ${tool} runs. Resume with {"approved": true} to approve it, or edit the plan first.`,
  approvalDeclined: () =>
    'The plan was not approved, so nothing ran. Edit the plan and run again, or approve it.',
  approvedTask: () => 'The person approved the plan. Carry on with it.',
  noTask: () => 'The run has no user message to work on. Send one in messages.',
};

const zh: AgUiTexts = {
  expected: (what) => `应为 ${what}`,
  unknownFields: (names) => `未知字段 ${quoted(names)}`,
  over: (maximum) => `超过 ${maximum}`,
  badState: (where, detail) =>
    `传回的计划状态在 ${where} 处无效：${detail}。请按收到的样子发回 state.plankeeper，只改条目的 content、status 或 note，或添加条目。`,
  tooLarge: (bytes, maximum) =>
    `传回的计划状态有 ${bytes} 字节，超过上限 ${maximum}。请按收到的样子发回 state.plankeeper，只带上你的修改。`,
  otherPlan: (sent, expected) =>
    `传回的计划状态属于计划 ${sent}，不是本会话的计划 ${expected}。请发回本会话的 state.plankeeper。`,
  badStatus: (id, status) =>
    `条目 #${id} 不能在这里设为 ${status}；请标为 completed 或 cancelled，或保持原状态。`,
  approvalWaiting: (tool, open) =>
    `计划（${open} 个未完成步骤）等待你的批准，之后才会运行 ${tool}。恢复时回答 {"approved": true} 即批准，也可以先修改计划。`,
  approvalDeclined: () => '计划未获批准，所以什么都没有运行。请修改计划后再运行，或批准它。',
  approvedTask: () => '用户已批准计划。请按计划继续。',
  noTask: () => '这次运行没有可处理的用户消息。请在 messages 中发送一条。',
};

/** The texts in `locale` (default English). */
export function agUiTexts(locale: LocaleId = 'en'): AgUiTexts {
  return locale === 'zh' ? zh : en;
}
