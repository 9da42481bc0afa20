/**
 * The demo's script in each language: the customer's question, the plan, the searches,
 * and the templates the answer is built from. The policy facts themselves never appear
 * here: they come from what the knowledge search returns.
 */
import type { LocaleId } from 'plankeeper';

export interface DemoText {
  /** The agent's system prompt. */
  system: string;
  /** Labels of the terminal transcript. */
  labels: { customer: string; answer: string; calls: (count: number) => string };
  question: string;
  /** Plan items: content and activeForm. */
  items: [content: string, activeForm: string][];
  queries: [string, string, string];
  /** Labels of the three answer parts, in query order. */
  topics: [string, string, string];
  intro: string;
  /** Verdict from the day limit found in the main passage. */
  withinWindow(days: number, limit: number): string;
  outsideWindow(days: number, limit: number): string;
  checkWindow: string;
  insufficient: string;
  sources: string;
  /** The day count in the question, and a pattern for "N days" in a passage. */
  daysAgo: number;
  dayPattern: RegExp;
}

export const DEMO_TEXT: Record<LocaleId, DemoText> = {
  en: {
    system:
      'You are the after-sales assistant of an electronics shop. Answer only from the policy passages the knowledge search returns, and cite them.',
    labels: { customer: 'Customer', answer: 'Answer', calls: (count) => `${count} model calls` },
    question: 'Can I return headphones I already opened? I bought them 10 days ago.',
    items: [
      ['Look up the return policy for opened headphones', 'Looking up the return policy'],
      ['Check return shipping and how to start a return', 'Checking return shipping and the steps'],
      ['Draft and check the answer with sources', 'Drafting the answer with sources'],
    ],
    queries: ['return opened headphones', 'prepaid return label cost', 'how to start a return'],
    topics: ['Opened headphones', 'Return shipping', 'Starting a return'],
    intro: 'Here is what our after-sales policy says:',
    withinWindow: (days, limit) =>
      `You bought them ${days} days ago, which is within the ${limit}-day window for opened headphones, so you can return them if the conditions above are met.`,
    outsideWindow: (days, limit) =>
      `You bought them ${days} days ago, which is past the ${limit}-day window for opened headphones.`,
    checkWindow: 'Please compare the time limit above with your delivery date.',
    insufficient:
      'I could not find our policy on returning opened headphones in the available sources, so I cannot tell you whether this return is possible. Please contact customer service, who can check it for you.',
    sources: 'Sources',
    daysAgo: 10,
    dayPattern: /(\d+)\s*(?:\*\*)?\s*(?:calendar\s+)?days?\b/i,
  },
  zh: {
    system: '你是电子产品商城的售后客服。只依据知识库检索到的政策回答，并注明来源。',
    labels: { customer: '顾客', answer: '答复', calls: (count) => `${count} 次模型调用` },
    question: '拆封的耳机还能退货吗？我是 10 天前买的。',
    items: [
      ['查询拆封耳机退货条款', '正在查询退货条款'],
      ['确认退货运费和申请步骤', '正在确认退货运费和申请步骤'],
      ['整理并核对带来源的答复草稿', '正在整理带来源的答复'],
    ],
    queries: ['拆封耳机退货', '退货运费', '如何申请退货'],
    topics: ['已拆封的耳机', '退货运费', '申请退货'],
    intro: '根据我们的售后政策：',
    withinWindow: (days, limit) =>
      `您是 ${days} 天前购买的，仍在已拆封耳机 ${limit} 天的退货期限内，满足上述条件即可退货。`,
    outsideWindow: (days, limit) =>
      `您是 ${days} 天前购买的，已超过已拆封耳机 ${limit} 天的退货期限。`,
    checkWindow: '请将上面的期限与您的签收日期对照。',
    insufficient:
      '现有资料中没有找到拆封耳机退货的相关政策，我无法确定这次能否退货。请联系客服为您核实。',
    sources: '来源',
    daysAgo: 10,
    dayPattern: /(\d+)\s*(?:\*\*)?\s*天/,
  },
};
