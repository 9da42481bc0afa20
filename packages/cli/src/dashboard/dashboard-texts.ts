/**
 * What the dashboard's server answers a refused or bad request with, per language
 * (`plankeeper dashboard --lang zh`): one line that says what to do instead. A person's
 * refused change itself is the core locale's (`locale.person.problem`).
 */

export interface DashboardTexts {
  methodNotAllowed(allowed: readonly string[]): string;
  tokenRequired: string;
  /** `host` undefined: the request had no Host header. */
  hostRefused(host: string | undefined): string;
  crossSite(header: 'Sec-Fetch-Site' | 'Origin', value: string): string;
  planKeyMissing: string;
  notAPlanKey(value: string): string;
  noPlan(key: string): string;
  notFound(path: string): string;
  storeFailed(message: string): string;
  editNotJson: string;
  editTooLarge: string;
  editBadJson: string;
  editShape: string;
  editBadKind(kinds: readonly string[]): string;
  editFieldNotWithKind(field: string, kind: string): string;
  editFieldNotString(field: string): string;
  editFieldMissing(field: string): string;
  editByNotString: string;
  editConflict: string;
}

const json = JSON.stringify;

export const enDashboard: DashboardTexts = {
  methodNotAllowed: (allowed) => `Only ${allowed.join(' or ')} is supported here.`,
  tokenRequired:
    'A valid access token is required: send "Authorization: Bearer <token>" or add ?token=<token> to the URL.',
  hostRefused: (host) =>
    `Requests ${host === undefined ? 'without a Host header' : `for host ${json(host)}`} are refused; open the dashboard through 127.0.0.1 or localhost.`,
  crossSite: (header, value) =>
    `Changes from another site are refused (${header}: ${value}); use the dashboard page itself.`,
  planKeyMissing: 'Pass the plan as ?key=<key>, using a "key" from /api/plans.',
  notAPlanKey: (value) => `Not a plan key: ${json(value)}. Use a "key" from /api/plans.`,
  noPlan: (key) => `No plan ${json(key)}.`,
  notFound: (path) => `Nothing at ${path}. Try / or /api/plans.`,
  storeFailed: (message) => `The plan store failed: ${message}`,
  editNotJson: 'Send the change as JSON (Content-Type: application/json).',
  editTooLarge: 'The change is too large.',
  editBadJson: 'The change is not valid JSON.',
  editShape: 'Send {"key": "<key from /api/plans>", "edit": {"kind": ..., ...}, "by"?: "name"}.',
  editBadKind: (kinds) => `edit.kind must be one of ${kinds.join(', ')}.`,
  editFieldNotWithKind: (field, kind) => `edit.${field} does not go with kind ${kind}.`,
  editFieldNotString: (field) => `edit.${field} must be a string.`,
  editFieldMissing: (field) => `edit.${field} is missing.`,
  editByNotString: 'by must be a string.',
  editConflict: 'Other writers kept changing this plan, so nothing was changed; try again.',
};

export const zhDashboard: DashboardTexts = {
  methodNotAllowed: (allowed) => `此处只支持 ${allowed.join(' 或 ')}。`,
  tokenRequired:
    '需要有效的访问令牌：发送 "Authorization: Bearer <token>"，或在网址后加上 ?token=<token>。',
  hostRefused: (host) =>
    `${host === undefined ? '没有 Host 头的请求' : `发往主机 ${json(host)} 的请求`}已被拒绝；请通过 127.0.0.1 或 localhost 打开仪表盘。`,
  crossSite: (header, value) =>
    `来自其他网站的修改已被拒绝（${header}: ${value}）；请在仪表盘页面本身上操作。`,
  planKeyMissing: '请用 ?key=<key> 指定计划，key 取自 /api/plans。',
  notAPlanKey: (value) => `${json(value)} 不是计划的 key；请使用 /api/plans 中的 "key"。`,
  noPlan: (key) => `没有计划 ${json(key)}。`,
  notFound: (path) => `${path} 处没有内容。请试试 / 或 /api/plans。`,
  storeFailed: (message) => `计划存储出错：${message}`,
  editNotJson: '请以 JSON 发送修改（Content-Type: application/json）。',
  editTooLarge: '修改内容太大。',
  editBadJson: '修改内容不是有效的 JSON。',
  editShape:
    '请发送 {"key": "<取自 /api/plans 的 key>", "edit": {"kind": ..., ...}, "by"?: "名字"}。',
  editBadKind: (kinds) => `edit.kind 必须是 ${kinds.join('、')} 之一。`,
  editFieldNotWithKind: (field, kind) => `edit.${field} 不能与 kind ${kind} 一起使用。`,
  editFieldNotString: (field) => `edit.${field} 必须是字符串。`,
  editFieldMissing: (field) => `缺少 edit.${field}。`,
  editByNotString: 'by 必须是字符串。',
  editConflict: '其他写入者一直在修改这个计划，因此没有做任何修改；请再试一次。',
};

export type DashboardLang = 'en' | 'zh';

export function dashboardTexts(lang: DashboardLang = 'en'): DashboardTexts {
  return lang === 'zh' ? zhDashboard : enDashboard;
}
