/** The dashboard page's texts in Chinese. */
import type { ItemChange } from '../api-types.js';
import { toolsOf, zhCheck } from './check-words.js';
import type { PageTexts } from './page-texts-shape.js';

const ZH_STATUS: Record<string, string> = {
  pending: '待办',
  in_progress: '进行中',
  completed: '已完成',
  cancelled: '已取消',
};
const ZH_FIELDS: Record<string, string> = {
  content: '内容',
  description: '说明',
  activeForm: '进行时',
  note: '备注',
};

function zhChange(change: ItemChange, ref: string): string {
  const note = (text: string | undefined) => (text ? ` — ${text}` : '');
  const status = (value: string) => ZH_STATUS[value] ?? value;
  switch (change.kind) {
    case 'added':
      return (
        ref + change.content + (change.status === 'pending' ? '' : `（${status(change.status)}）`)
      );
    case 'started':
      return `开始 ${ref}${change.activeForm || change.content}`;
    case 'completed':
      return `完成 ${ref}${change.content}${note(change.note)}`;
    case 'cancelled':
      return `取消 ${ref}${change.content}${note(change.note)}`;
    case 'status':
      return `${ref}${status(change.from)} → ${status(change.to)}：${change.content}`;
    case 'edited':
      return (
        `改写了 ${ref}${change.content} 的${change.fields.map((field) => ZH_FIELDS[field] ?? field).join('、')}` +
        (change.fields.includes('content') ? `（原为：${change.previous}）` : '')
      );
    case 'removed':
      return `删除 ${ref}${change.content}`;
    case 'dropped':
      return `丢掉了${status(change.status)}的 ${ref}${change.content}`;
    case 'moved':
      return `移动 ${ref}${change.content}${change.before ? ` 到 #${change.before} 之前` : ' 到末尾'}`;
    case 'cleared':
      return `清空了计划（${change.count} 项）`;
    default:
      return JSON.stringify(change);
  }
}

export const zhPage: PageTexts = {
  htmlLang: 'zh-CN',
  shell: {
    title: 'plankeeper · 计划',
    filterPlaceholder: '按智能体、会话、作用域或当前步骤筛选',
    filterLabel: '筛选计划',
    showLabel: '显示哪些计划',
    show: {
      all: '全部计划',
      open: '未完成',
      stale: '停滞',
      leftover: '遗留',
      done: '已完成',
      empty: '空',
    },
    connecting: '连接中…',
    plansLabel: '计划',
    columns: {
      agent: '智能体',
      session: '会话',
      scope: '作用域',
      progress: '进度',
      now: '当前',
      state: '状态',
      updated: '更新',
    },
    loading: '加载中…',
    detailLabel: '所选计划',
  },
  states: {
    stale: '停滞',
    leftover: '遗留',
    done: '已完成',
    open: '未完成',
    empty: '空',
    deleted: '已删除',
  },
  ago: (seconds) => {
    if (seconds < 5) return '刚刚';
    if (seconds < 60) return `${seconds} 秒前`;
    const minutes = Math.round(seconds / 60);
    if (minutes < 60) return `${minutes} 分钟前`;
    const hours = Math.round(minutes / 60);
    if (hours < 48) return `${hours} 小时前`;
    return `${Math.round(hours / 24)} 天前`;
  },
  list: {
    noPlans: '还没有计划。',
    noMatch: '没有符合筛选条件的计划。',
    cannotLoad: (message) => `无法加载计划：${message}`,
    cannotRefresh: (message) => `无法刷新计划：${message}`,
    summary: (c) =>
      `${c.all ? c.total : `${c.shown}/${c.total}`} 个计划 · ${c.agents} 个智能体 · ${c.open} 个未完成 · ${c.stale} 个停滞 · ${c.done} 个已完成`,
    emptyPlan: '空计划',
    allDone: '全部完成',
    noneInProgress: (open) => `${open} 项未完成，无进行中`,
  },
  live: { on: '实时', refused: '未连接（被拒绝）', reconnecting: '重新连接中…' },
  serverAnswered: (status) => `服务器返回 ${status}。`,
  selectHint: '选择一个计划，查看它的事项和历史。',
  detail: {
    scope: (text) => `作用域：${text}`,
    updated: (ago) => `更新于 ${ago}`,
    task: (text) => `任务：${text}`,
    deletedHint: '此计划已被删除或已过期；下面是它的历史。',
    items: (done, total) => `事项 · 已完成 ${done}/${total}`,
    emptyPlan: '计划为空。',
    timeline: '时间线 · 最新在前',
    noHistory: '没有保存历史。',
    now: (activeForm) => `正在：${activeForm}`,
    note: (text) => `备注：${text}`,
    call: (id) => `调用 ${id}`,
    by: (name) => (name ? `由 ${name}` : '由人员'),
    owner: (owner, status) =>
      status === 'completed'
        ? `由 ${owner} 完成`
        : status === 'cancelled'
          ? `由 ${owner} 取消`
          : `[${owner}]`,
    writer: (owner) => `由 ${owner} 写入`,
    after: (completed, total) => `已完成 ${completed}/${total}`,
    historyNotKept: '更早的历史未保存',
    noItemChanged: '没有事项变化',
    verification: (check) =>
      `${check.outcome === 'passed' ? '已验证' : '检查未通过'}：${zhCheck(check)}，v${check.version}${check.letThrough ? '，答复已放行' : ''}`,
    evidence: (entry) =>
      entry.check
        ? `验证：${zhCheck(entry.check)}，v${entry.check.version}`
        : `依据：${toolsOf(entry)}${entry.count > entry.calls.length ? `（另有 ${entry.count - entry.calls.length} 次更早的调用）` : ''}`,
    checkRevision: (check) =>
      `${check.when === 'answer' ? '答复前的检查' : '完成时的检查'}：${zhCheck(check)}${check.letThrough ? '，答复已放行' : ''}`,
  },
  actions: {
    done: '完成',
    cancel: '取消',
    edit: '改写',
    note: '备注',
    add: '添加',
    approve: '批准',
    doneTitle: (ref) => `将 ${ref} 标为完成`,
    cancelTitle: (ref) => `取消 ${ref}`,
    editTitle: (ref) => `改写 ${ref} 的内容`,
    noteTitle: (ref) => `设置 ${ref} 的备注`,
    upTitle: (ref) => `把 ${ref} 上移`,
    downTitle: (ref) => `把 ${ref} 下移`,
    addTitle: '添加这一项',
    approveTitle: '按现状批准计划',
    editBox: (ref) => `${ref} 的新内容；回车保存，Esc 取消`,
    noteBox: (ref) => `${ref} 的备注；回车保存，Esc 取消`,
    namePlaceholder: '你的名字（模型会看到）',
    nameLabel: '你的名字，随修改一起记录',
    addPlaceholder: '新事项；回车添加',
    addLabel: '新事项的内容；回车添加到末尾',
    approved: (name) => `已批准${name ? `（${name}）` : ''}`,
    changedSinceApproval: (name) => `批准${name ? `（${name}）` : ''}后已有改动`,
    notApproved: '尚未批准',
  },
  change: zhChange,
};
