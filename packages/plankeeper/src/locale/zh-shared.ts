import { quoteText } from '../engine/render.js';
import type { SharedTexts } from './shared-texts.js';

export const zhShared: SharedTexts = {
  ownedByOther: (issue) =>
    issue.status === 'in_progress'
      ? `#${issue.id} ${quoteText(issue.content)} 正由 ${quoteText(issue.owner)} 进行中；请原样保留它，改做其他事项。`
      : `#${issue.id} ${quoteText(issue.content)} 已由 ${quoteText(issue.owner)} 完成，只有对方能改动它。请原样保留，或新增一项。`,
  busy: (items) =>
    `未能开始：${items.map((item) => `#${item.id} ${quoteText(item.content)} 正由 ${quoteText(item.owner ?? '')} 进行中`).join('；')}。请另选一项。`,
  others: (work, more) =>
    `其他会话：${work.map((each) => `${quoteText(each.owner)} 在做 #${each.id} ${quoteText(each.content)}`).join('；')}${more ? `；另有 ${more} 项` : ''}`,
};
