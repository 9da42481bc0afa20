import { quoteText } from '../engine/render.js';
import type { SharedTexts } from './shared-texts.js';

export const enShared: SharedTexts = {
  ownedByOther: (issue) =>
    issue.status === 'in_progress'
      ? `#${issue.id} ${quoteText(issue.content)} is in progress by ${quoteText(issue.owner)}; leave it as it is and work on another item.`
      : `#${issue.id} ${quoteText(issue.content)} was completed by ${quoteText(issue.owner)}; only they can change it. Leave it as it is, or add a new item.`,
  busy: (items) =>
    `Not started: ${items.map((item) => `#${item.id} ${quoteText(item.content)} is in progress by ${quoteText(item.owner ?? '')}`).join('; ')}. Pick another item.`,
  others: (work, more) =>
    `Others: ${work.map((each) => `${quoteText(each.owner)} on #${each.id} ${quoteText(each.content)}`).join('; ')}${more ? `; +${more} more` : ''}`,
};
