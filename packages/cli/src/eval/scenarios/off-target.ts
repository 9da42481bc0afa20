/**
 * A customer asks two things; the model plans for the first, answers it well, ticks its
 * plan off and never notices the second question.
 */

import type { LocaleId } from 'plankeeper';
import { getLocale } from 'plankeeper';
import { knowledgeBaseDir, knowledgeSearchTool } from '../../builtin-tools/index.js';
import { BehaviourModel, progress, type Reply, writePlan } from '../behaviour/behaviour-model.js';
import type { ModelView } from '../behaviour/model-view.js';
import { defineScenario } from '../scenario.js';

const TEXT = {
  en: {
    system:
      'You are the after-sales assistant of an electronics shop. Answer only from the policy passages the knowledge search returns, and cite them.',
    task: 'I opened headphones I bought 10 days ago. Can I still return them? And does the warranty cover the cracked screen on my phone?',
    plan: ['Look up the return policy for opened headphones', 'Answer the customer'],
    extra: 'Look up whether the warranty covers a cracked screen',
    queries: ['return opened headphones', 'warranty cracked screen'],
    parts: ['Returns', 'Cracked screen'],
    /** Words that show each part of the request is answered, for the model's own check. */
    evidence: [/return/i, /screen/i],
  },
  zh: {
    system: '你是电子产品商城的售后客服。只依据知识库检索到的政策回答，并注明来源。',
    task: '我 10 天前买的耳机已经拆封了，还能退吗？另外我手机屏幕碎了，保修管吗？',
    plan: ['查询拆封耳机的退货政策', '答复顾客'],
    extra: '查询保修是否覆盖屏幕碎裂',
    queries: ['拆封 耳机 退货', '保修 屏幕碎裂'],
    parts: ['退货', '屏幕碎裂'],
    evidence: [/退/, /屏/],
  },
} satisfies Record<LocaleId, unknown>;

/** What the outcome check wants to see for each part of the request. */
const ANSWERED: Record<LocaleId, [RegExp[], RegExp[]]> = {
  en: [
    [/return/i, /14/],
    [/warrant/i, /screen/i],
  ],
  zh: [
    [/退/, /14/],
    [/保修/, /屏/],
  ],
};

/**
 * Plans and answers only the first question, from the passage the search really
 * returned. A goal check makes it go through the request part by part: finding the
 * warranty question unanswered, it adds a plan item, searches, and answers both. The
 * finish check sees nothing open; reminders and the plan section show only its own
 * (complete) plan.
 */
export class OffTargetModel extends BehaviourModel {
  private readonly text;
  private readonly lang: LocaleId;
  private stage = 0;
  private answer: string | undefined;
  private widened = false;

  constructor(lang: LocaleId) {
    super('behaviour:answers-part-of-question', getLocale(lang));
    this.text = TEXT[lang];
    this.lang = lang;
  }

  protected reply(view: ModelView): Reply {
    const { text } = this;
    const contents = [...text.plan];
    if (view.freshInjected('goal-check') !== undefined && !this.widened) {
      // Asked before it answered, it checks the answer it was about to give.
      this.answer ??= this.compose(view, 1);
      const unanswered = text.evidence.some((pattern) => !pattern.test(this.answer ?? ''));
      if (!unanswered) return { final: this.answer };
      this.widened = true;
      this.stage = 10;
      this.answer = undefined;
    }
    if (this.widened) {
      const wider = [text.plan[0] as string, text.extra, text.plan[1] as string];
      switch (this.stage++) {
        case 10:
          return writePlan(progress(wider, 1));
        case 11:
          return {
            tool: 'knowledge_search',
            args: { query: text.queries[1], limit: 2 },
          };
        case 12:
          return writePlan(progress(wider, wider.length));
        default:
          this.answer = this.compose(view, 2);
          return { final: this.answer };
      }
    }
    switch (this.stage++) {
      case 0:
        return writePlan(progress(contents, 0));
      case 1:
        return { tool: 'knowledge_search', args: { query: text.queries[0], limit: 2 } };
      case 2:
        return writePlan(progress(contents, contents.length));
      default:
        this.answer ??= this.compose(view, 1);
        return { final: this.answer };
    }
  }

  /** An answer from the top passage of each of the first `parts` searches. */
  private compose(view: ModelView, parts: number): string {
    const results = view.toolResults('knowledge_search');
    const lines = this.text.parts.slice(0, parts).map((part, index) => {
      const passage = topPassage(results[index]?.content ?? '');
      return passage
        ? `${part}: ${passage.text} (${passage.source})`
        : `${part}: ${this.lang === 'zh' ? '资料中没有找到。' : 'not found in the sources.'}`;
    });
    return lines.join('\n\n');
  }
}

/** The first passage of a knowledge_search result, its first paragraph on one line. */
function topPassage(result: string): { source: string; text: string } | undefined {
  const lines = result.split('\n');
  const header = lines.findIndex((line) => /^\[1\] /.test(line));
  if (header === -1) return undefined;
  const source = (lines[header] as string).replace(/^\[1\] /, '');
  const paragraph: string[] = [];
  for (const line of lines.slice(header + 1)) {
    if (line.trim() === '') break;
    paragraph.push(line.trim());
  }
  return { source, text: paragraph.join(' ').replaceAll('**', '') };
}

export const offTargetScenario = defineScenario({
  id: 'off-target',
  failureMode: 'answers only part of the question',
  behaviour:
    'Plans and answers only the first of two questions, from the passage the search returned, and completes its plan. A goal check makes it go through the request part by part; finding the warranty question unanswered it adds an item, searches and answers both. The finish check sees nothing open; reminders and the plan section show only its own complete plan.',
  check: 'the final answer covers both the return window (14 days) and the cracked-screen warranty',
  maxSteps: 12,
  system: { en: TEXT.en.system, zh: TEXT.zh.system },
  turns: { en: [TEXT.en.task], zh: [TEXT.zh.task] },
  environment: (lang) => ({
    tools: [knowledgeSearchTool({ root: knowledgeBaseDir(lang), locale: lang })],
    beginTurn() {},
  }),
  behaviourModel: (lang) => new OffTargetModel(lang),
  outcome(_environment, results, lang) {
    const answer = results.at(-1)?.answer ?? '';
    const [returns, warranty] = ANSWERED[lang];
    const covers = (patterns: RegExp[]) => patterns.every((pattern) => pattern.test(answer));
    const parts = [covers(returns) && 'returns', covers(warranty) && 'warranty'].filter(Boolean);
    return {
      passed: parts.length === 2,
      detail:
        parts.length === 0 ? 'answer covers neither part' : `answer covers: ${parts.join(', ')}`,
    };
  },
});
