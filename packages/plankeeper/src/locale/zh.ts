import type { InProgressEntry, PlanIssue } from '../engine/plan-issue.js';
import { quoteText } from '../engine/render.js';
import { isDependencyIssue } from './dependency-texts.js';
import type { Locale } from './locale.js';
import { zhApproval } from './zh-approval.js';
import { zhChecks } from './zh-checks.js';
import { zhDependencies } from './zh-dependencies.js';
import { zhEvidence } from './zh-evidence.js';
import { zhPerson } from './zh-person.js';
import { zhPlanFile } from './zh-plan-file.js';
import { zhShared } from './zh-shared.js';
import { zhSubAgent } from './zh-sub-agent.js';

const ids = (list: readonly string[]) => list.map((id) => `#${id}`).join('、');

const TYPE_NAMES: Record<string, string> = {
  array: '数组',
  object: '对象',
  string: '字符串',
  number: '数字',
  int: '整数',
  integer: '整数',
  boolean: 'true 或 false',
  null: 'null',
  undefined: '空',
  'item id': '事项编号',
  value: '值',
  'valid value': '合法的值',
};

/** zod 与 JSON 的类型名译成中文；可选值列表原样保留。 */
function typeName(name: string): string {
  return TYPE_NAMES[name] ?? name;
}

/** 句中的类型名：西文前加空格，与中文隔开（"应为 null"，"应为数组"）。 */
function typeInText(name: string): string {
  const label = typeName(name);
  return /^[\x21-\x7e]/.test(label) ? ` ${label}` : label;
}

/** in_progress 的条目：已有事项用编号，新条目用位置和内容。 */
function entry(item: InProgressEntry): string {
  return `${item.id === undefined ? `todos[${item.index}]` : `#${item.id}`} ${quoteText(item.content)}`;
}

function issue(issue: PlanIssue, where: string): string {
  if (isDependencyIssue(issue)) return zhDependencies.issue(issue, where);
  switch (issue.code) {
    case 'invalid_json':
      return `参数不是合法的 JSON${issue.position === undefined ? '' : `（第 ${issue.position} 个字符处）`}。请发送一个 JSON 对象。`;
    case 'trailing_data':
      return `JSON 对象之后还有多余内容（从第 ${issue.position} 个字符起）。请只发送一个 JSON 对象。`;
    case 'not_object':
      return `参数必须是 JSON 对象，而不是${typeInText(issue.received)}。`;
    case 'missing':
      return where === 'todos'
        ? '缺少 todos。请发送 {"todos": [...]} 完整清单；[] 表示清空。'
        : `缺少 ${where}，应为${typeInText(issue.expected)}。`;
    case 'null':
      return where === 'todos'
        ? 'todos 为 null。请以数组发送完整清单；[] 表示清空。'
        : `${where} 为 null，应为${typeInText(issue.expected)}。`;
    case 'wrong_type':
      return `${where} 应为${typeInText(issue.expected)}，而不是${typeInText(issue.received)}。${issue.encoded ? '请直接发送该值，不要把 JSON 写成字符串。' : ''}`;
    case 'unknown_field':
      return `${where}：未知字段 "${issue.field}"。${issue.allowed.length ? `可用字段：${issue.allowed.join(', ')}。` : ''}`;
    case 'bad_status':
      return `${where} 为 ${issue.received}；只能是 pending、in_progress、completed 或 cancelled。`;
    case 'bad_id':
      return `${where} 为 ${issue.received}，不是事项编号。编号即清单中的 #N，例如 "3"。`;
    case 'blank':
      return `${where} 为空白，请写明这一步做什么。`;
    case 'bad_character':
      return issue.character === 'nul'
        ? `${where} 含有空字符（U+0000），请删除后重新发送。`
        : `${where} 含有半个字符（单独的 UTF-16 代理项，多见于被截断的文字），请补全该字符或删去后重新发送。`;
    case 'too_long':
      return `${where} 有 ${issue.length} 个字符，上限 ${issue.maximum}。请精简。`;
    case 'too_many_items':
      return `${where} 将有 ${issue.count} 项，上限 ${issue.maximum}。请合并步骤或移除已完成项。`;
    case 'empty_list':
      return `${where} 为空，请至少提供一项。`;
    case 'multiple_in_progress':
      return `有 ${issue.entries.length} 项为 in_progress（${issue.entries.map(entry).join('；')}），同一时刻最多一项。请把其余项改为 pending 或 completed。`;
    case 'duplicate_id':
      return `${where}：#${issue.id} 出现了不止一次，每项只列一次。`;
    case 'unknown_id':
      return `${where}：没有 #${issue.id} 这一项。${issue.known.length ? `现有编号：${ids(issue.known)}。` : '清单为空。'}${issue.omitToAdd ? '新增事项请不要带 id。' : ''}`;
    case 'dropped_open':
      return `未完成的 ${ids(issue.ids)} 不在清单中。请保留它们，或标为 completed 或 cancelled。`;
    case 'changed_by_person':
      return zhPerson.changedSinceRead(issue);
    case 'owned_by_other':
      return zhShared.ownedByOther(issue);
    case 'alias_conflict':
      return `${where}：content 与 title 不一致，请只发送 content。`;
    case 'out_of_range':
      return `${where} 为 ${issue.received}，最大允许 ${issue.maximum}。`;
    case 'too_many_entries':
      return `${where} 有 ${issue.count} 项，上限 ${issue.maximum}。`;
    case 'too_deep':
      return `${where} 嵌套超过 ${issue.maximum} 层。请按 schema 发送扁平的条目。`;
    case 'request_too_large':
      return `参数超过 ${issue.maximum} 个字符。请只发送 schema 列出的字段，文字从简。`;
    case 'no_evidence':
    case 'completion_refused':
      return zhEvidence.issue(issue);
  }
}

export const zh: Locale = {
  id: 'zh',
  tools: {
    todo_write:
      '为多步骤任务创建或替换待办清单。每次都发送完整清单：未列出的事项会被删除。保留事项的 id（#N）即保留该项。工作时保持恰好一项 in_progress；做完立即标为 completed，不再需要的标为 cancelled。[] 清空清单。简单的一步请求不必建清单。',
    todo_read: '查看当前待办清单及各项编号和状态。',
    todos_add: '向待办清单添加一项或多项，每项获得编号（#N），初始为 pending。',
    todos_complete: '按编号将事项标为已完成，每项附一句简短理由，说明凭什么算完成。',
    todos_remove: '按编号删除不再需要的事项。',
    todos_get_remaining: '列出尚未完成的事项。',
    todos_get_all: '列出全部事项，包括已完成的。',
  },
  plan: {
    heading: '### 当前待办清单',
    empty: '暂无待办。',
    after: (list) => `（在 ${ids(list)} 之后）`,
    blocked: (open) => `（受阻：等待 ${ids(open)}）`,
    progress: (p) =>
      `（已完成 ${p.completed}/${p.total}${p.cancelled ? `，已取消 ${p.cancelled}` : ''}）`,
  },
  results: {
    rejected: (lines, more) =>
      `已拒绝，待办清单未改动。请修正后重发：\n${lines.map((line) => `- ${line}`).join('\n')}${more ? `\n- ……另有 ${more} 处。` : ''}`,
    written: (p) => `待办清单已更新（已完成 ${p.completed}/${p.total}）。`,
    cleared: '待办清单已清空。',
    unchanged: (p) => `待办清单没有变化（已完成 ${p.completed}/${p.total}），已保存的内容如下：`,
    dropped: (items, quote) =>
      `你未列出的未完成事项已被移除：${items.map((item) => `#${item.id} ${quote(item.content)}`).join('；')}。如仍需要，请加回。`,
    added: (list) => `已添加 ${ids(list)}。`,
    completed: (done, already) =>
      [
        done.length ? `已完成 ${ids(done)}。` : '',
        already.length ? `此前已完成：${ids(already)}。` : '',
      ]
        .filter(Boolean)
        .join(''),
    removed: (list) => `已删除 ${ids(list)}。`,
    noneRemaining: '没有未完成的事项。',
  },
  titles: {
    rejected: (tool) => `${tool}: 已拒绝`,
    progress: (tool, p) => `${tool}: 已完成 ${p.completed}/${p.total}`,
    open: (tool, count) => `${tool}: ${count} 项未完成`,
  },
  harness: {
    instructions: [
      '用待办工具规划多步骤工作。',
      '- 先判断请求是简单的（一步即可、直接回答）还是复杂的（多个步骤、需要工具或核对）。简单请求直接回答，不建清单。',
      '- 复杂工作先写计划再动手，每个具体步骤一项。请求不清楚时先问用户，再据此规划。',
      '- 保持恰好一项 in_progress。做完立即标为 completed，再开始下一项。',
      '- 用户改变请求时随之调整计划：添加、取消或删除事项；换了话题就清空。',
      '- 有未完成事项时不要收尾：要么完成，要么明确说明哪些做不到及原因。',
    ].join('\n'),
    leftoverHeading: '### 之前请求遗留的待办清单',
    leftoverAdvice: '这份清单不属于当前请求。仍适用的事项才保留；其余取消或删除，或清空清单。',
    changedHeading: '### 待办清单在本对话之外被修改（其他会话、人员或子代理）；以下是现在的清单',
    restoredHeading: '### 对话被压缩或恢复后，再次显示你的待办清单',
    focus: (p, current, open) =>
      `### 当前待办清单（已完成 ${p.completed}/${p.total}，无变化）${current ? `\n进行中：#${current.id} ${quoteText(current.content)}` : ''}${open.length ? `\n未完成：${ids(open)}` : ''}`,
    storedIds: (current, open) =>
      `已保存：${[current && `进行中 #${current}`, open.length && `未完成 ${ids(open)}`].filter(Boolean).join('；')}。`,
    reminder: (rounds) =>
      `<reminder>已经连续 ${rounds} 个工具调用轮次没有更新待办清单。请核对原始请求和剩余事项，然后更新清单。</reminder>`,
    finishCheck: (open, quote) =>
      `待办清单还有未完成事项：${open.map((item) => `#${item.id} ${quote(item.content)}`).join('；')}。请完成它们，或按实际情况标为 completed 或 cancelled，然后再给出最终答复。`,
    goalCheck: (task) =>
      `收尾前，请对照原始请求逐条核对你的答复：\n${task}\n有遗漏就现在补上。确实做不到的部分，请明确说明是什么、为什么，这样的答复可以接受。否则请重复你的最终答复。`,
    goalCheckAhead: (task) =>
      `所有事项都已完成或取消。答复前，请对照原始请求逐条核对：\n${task}\n有遗漏先补上。确实做不到的部分，请明确说明是什么、为什么。`,
    continueWork: (open, quote) =>
      `还有未完成事项：${open.map((item) => `#${item.id} ${quote(item.content)}`).join('；')}。请继续下一项。`,
    honestPartialPatterns: [
      // 未能/没能 state the writer's own failure, unless said of the reader or someone else.
      /(?<![您你他她])(?:未能|没能|没有能够)/u,
      // 无法/不能/没有 + a verb of the work, as the writer's statement: at a sentence or
      // clause start or after 我/我们. "不能退货" (an ordinary answer) has no work verb.
      /(?:^|[。！？!?；;，,：:\n]\s*|我们?|但|不过|可惜|抱歉)(?:暂时|目前|还|尚|仍然?)?(?:无法|不能|没办法|做不到|没有|没)(?:完成|做完|全部完成|找到|查到|查询|确认|核实|验证|访问|联系|打开|获取|读取|运行|测试|检查|解决|处理完|总结|回答)/u,
      // "部分完成：…" opening a sentence reports on the work itself.
      /(?:^|[。！？!?\n]\s*)(?:只|仅)?部分完成/u,
      /(?<![您你他她])(?:只|仅)(?:完成了|做完了|做了|核对了|找到了)/u,
      /(?:我们?|这项任务|任务)(?:只|仅)?(?:部分完成|完成了一部分)/u,
    ],
  },
  person: zhPerson,
  dependencies: zhDependencies,
  shared: zhShared,
  subAgent: zhSubAgent,
  evidence: zhEvidence,
  approval: zhApproval,
  checks: zhChecks,
  planFile: zhPlanFile,
  issue,
  typeName,
};
