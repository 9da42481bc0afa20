import type { ApprovalTexts } from './approval-texts.js';

export const zhApproval: ApprovalTexts = {
  waiting: (reason, tool) => {
    switch (reason) {
      case 'no-plan':
        return `已暂停：${tool} 未执行。在人员批准计划之前，只有计划工具可以运行。请先写出计划，然后结束本轮，请对方审阅。`;
      case 'unapproved':
        return `已暂停：${tool} 未执行；计划正等待人员批准。在此期间你可以用计划工具修改计划，然后结束本轮，说明计划已可审阅。`;
      case 'changed':
        return `已暂停：${tool} 未执行；计划在批准后有了改动，需要人员再次批准。在此期间你可以修改计划，然后结束本轮，说明改了什么。`;
    }
  },
  awaiting:
    '此计划正等待人员批准；在此之前，计划工具以外的工具都会被暂停。请结束本轮，请对方审阅。',
  approvedBy: (name) => `已由人员${name ? `（${name}）` : ''}批准：请按计划执行。`,
};
