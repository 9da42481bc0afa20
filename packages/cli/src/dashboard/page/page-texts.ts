/**
 * Every text a person reads on the dashboard page, per language. The server picks the
 * language (`plankeeper dashboard --lang zh`) and writes it into the page's `<html lang>`;
 * the page script reads it there (page/browser/texts.ts). No DOM here, so the server's
 * HTML and the snapshot tests use the same texts.
 */
import type { ItemChange } from '../api-types.js';

export type PageState = 'stale' | 'leftover' | 'done' | 'open' | 'empty' | 'deleted';

export interface PageTexts {
  /** `<html lang>`; the page script tells the languages apart by it. */
  htmlLang: string;
  shell: {
    title: string;
    filterPlaceholder: string;
    filterLabel: string;
    showLabel: string;
    show: Record<'all' | 'open' | 'stale' | 'leftover' | 'done' | 'empty', string>;
    connecting: string;
    plansLabel: string;
    columns: Record<
      'agent' | 'session' | 'scope' | 'progress' | 'now' | 'state' | 'updated',
      string
    >;
    loading: string;
    detailLabel: string;
  };
  states: Record<PageState, string>;
  ago(seconds: number): string;
  list: {
    noPlans: string;
    noMatch: string;
    cannotLoad(message: string): string;
    cannotRefresh(message: string): string;
    summary(counts: {
      shown: string;
      total: string;
      all: boolean;
      agents: string;
      open: string;
      stale: string;
      done: string;
    }): string;
    emptyPlan: string;
    allDone: string;
    noneInProgress(open: number): string;
  };
  live: { on: string; refused: string; reconnecting: string };
  serverAnswered(status: number): string;
  selectHint: string;
  detail: {
    scope(text: string): string;
    updated(ago: string): string;
    /** The request the plan serves, as its host kept it. */
    task(text: string): string;
    deletedHint: string;
    items(done: number, total: number): string;
    emptyPlan: string;
    timeline: string;
    noHistory: string;
    now(activeForm: string): string;
    note(text: string): string;
    call(id: string): string;
    by(name: string | undefined): string;
    /** In a shared list: the session an item in progress belongs to, or that finished it. */
    owner(owner: string, status: string): string;
    /** In a shared list: the session that wrote a revision. */
    writer(owner: string): string;
    after(completed: number, total: number): string;
    historyNotKept: string;
    noItemChanged: string;
  };
  actions: {
    done: string;
    cancel: string;
    edit: string;
    note: string;
    add: string;
    approve: string;
    doneTitle(ref: string): string;
    cancelTitle(ref: string): string;
    editTitle(ref: string): string;
    noteTitle(ref: string): string;
    upTitle(ref: string): string;
    downTitle(ref: string): string;
    addTitle: string;
    approveTitle: string;
    editBox(ref: string): string;
    noteBox(ref: string): string;
    namePlaceholder: string;
    nameLabel: string;
    addPlaceholder: string;
    addLabel: string;
    approved(name: string | null): string;
    changedSinceApproval(name: string | null): string;
    notApproved: string;
  };
  /** One timeline line's words for a change (the sign is the page's). */
  change(change: ItemChange, ref: string): string;
}

function enChange(change: ItemChange, ref: string): string {
  const note = (text: string | undefined) => (text ? ` — ${text}` : '');
  switch (change.kind) {
    case 'added':
      return ref + change.content + (change.status === 'pending' ? '' : ` (${change.status})`);
    case 'started':
      return `started ${ref}${change.activeForm || change.content}`;
    case 'completed':
      return `completed ${ref}${change.content}${note(change.note)}`;
    case 'cancelled':
      return `cancelled ${ref}${change.content}${note(change.note)}`;
    case 'status':
      return `${ref}${change.from} → ${change.to}: ${change.content}`;
    case 'edited':
      return (
        `edited ${change.fields.join(', ')} of ${ref}${change.content}` +
        (change.fields.includes('content') ? ` (was: ${change.previous})` : '')
      );
    case 'removed':
      return `removed ${ref}${change.content}`;
    case 'dropped':
      return `dropped ${ref}${change.content} while ${change.status.replace('_', ' ')}`;
    case 'moved':
      return `moved ${ref}${change.content}${change.before ? ` before #${change.before}` : ' to the end'}`;
    case 'cleared':
      return `plan cleared (${change.count} ${change.count === 1 ? 'item' : 'items'})`;
    default:
      // A kind from a newer server: shown raw rather than dropped.
      return JSON.stringify(change);
  }
}

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

export const enPage: PageTexts = {
  htmlLang: 'en',
  shell: {
    title: 'plankeeper · plans',
    filterPlaceholder: 'Filter by agent, session, scope or current step',
    filterLabel: 'Filter plans',
    showLabel: 'Show plans',
    show: {
      all: 'All plans',
      open: 'Open',
      stale: 'Stale',
      leftover: 'Leftover',
      done: 'Done',
      empty: 'Empty',
    },
    connecting: 'connecting…',
    plansLabel: 'Plans',
    columns: {
      agent: 'Agent',
      session: 'Session',
      scope: 'Scope',
      progress: 'Progress',
      now: 'Now',
      state: 'State',
      updated: 'Updated',
    },
    loading: 'Loading…',
    detailLabel: 'Selected plan',
  },
  states: {
    stale: 'stale',
    leftover: 'leftover',
    done: 'done',
    open: 'open',
    empty: 'empty',
    deleted: 'deleted',
  },
  ago: (seconds) => {
    if (seconds < 5) return 'just now';
    if (seconds < 60) return `${seconds}s ago`;
    const minutes = Math.round(seconds / 60);
    if (minutes < 60) return `${minutes}m ago`;
    const hours = Math.round(minutes / 60);
    if (hours < 48) return `${hours}h ago`;
    return `${Math.round(hours / 24)}d ago`;
  },
  list: {
    noPlans: 'No plans yet.',
    noMatch: 'No plan matches the filter.',
    cannotLoad: (message) => `Cannot load plans: ${message}`,
    cannotRefresh: (message) => `Cannot refresh plans: ${message}`,
    summary: (c) =>
      `${c.all ? c.total : `${c.shown} of ${c.total}`} ${c.total === '1' ? 'plan' : 'plans'} · ${c.agents} ${c.agents === '1' ? 'agent' : 'agents'} · ${c.open} open · ${c.stale} stale · ${c.done} done`,
    emptyPlan: 'empty plan',
    allDone: 'all done',
    noneInProgress: (open) => `${open} open, none in progress`,
  },
  live: { on: 'live', refused: 'not live (refused)', reconnecting: 'reconnecting…' },
  serverAnswered: (status) => `The server answered ${status}.`,
  selectHint: 'Select a plan to see its items and history.',
  detail: {
    scope: (text) => `scope: ${text}`,
    updated: (ago) => `updated ${ago}`,
    task: (text) => `Task: ${text}`,
    deletedHint: 'This plan was deleted or expired; its history is below.',
    items: (done, total) => `Items · ${done}/${total} completed`,
    emptyPlan: 'The plan is empty.',
    timeline: 'Timeline · newest first',
    noHistory: 'No history kept.',
    now: (activeForm) => `now: ${activeForm}`,
    note: (text) => `note: ${text}`,
    call: (id) => `call ${id}`,
    by: (name) => (name ? `by ${name}` : 'by a person'),
    owner: (owner, status) =>
      status === 'completed'
        ? `done by ${owner}`
        : status === 'cancelled'
          ? `cancelled by ${owner}`
          : `[${owner}]`,
    writer: (owner) => `written by ${owner}`,
    after: (completed, total) => `${completed}/${total} done`,
    historyNotKept: 'earlier history not kept',
    noItemChanged: 'no item changed',
  },
  actions: {
    done: 'Done',
    cancel: 'Cancel',
    edit: 'Edit',
    note: 'Note',
    add: 'Add',
    approve: 'Approve',
    doneTitle: (ref) => `Mark ${ref} done`,
    cancelTitle: (ref) => `Cancel ${ref}`,
    editTitle: (ref) => `Edit the text of ${ref}`,
    noteTitle: (ref) => `Set the note of ${ref}`,
    upTitle: (ref) => `Move ${ref} up`,
    downTitle: (ref) => `Move ${ref} down`,
    addTitle: 'Add the item',
    approveTitle: 'Approve the plan as it is',
    editBox: (ref) => `New text of ${ref}; Enter saves, Escape cancels`,
    noteBox: (ref) => `Note of ${ref}; Enter saves, Escape cancels`,
    namePlaceholder: 'Your name (shown to the model)',
    nameLabel: 'Your name, recorded with your changes',
    addPlaceholder: 'New item; Enter adds it',
    addLabel: 'New item text; Enter adds it to the end',
    approved: (name) => `Approved${name ? ` by ${name}` : ''}`,
    changedSinceApproval: (name) => `Changed since it was approved${name ? ` by ${name}` : ''}`,
    notApproved: 'Not approved yet',
  },
  change: enChange,
};

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

export function pageTexts(lang: 'en' | 'zh'): PageTexts {
  return lang === 'zh' ? zhPage : enPage;
}
