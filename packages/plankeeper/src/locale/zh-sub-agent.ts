import type { SubAgentTexts } from './sub-agent-texts.js';

const ids = (list: readonly string[]) => list.map((id) => `#${id}`).join('、');

const ENDED = { finished: '已完成', stopped: '已停止', failed: '失败' } as const;

const STATUSES = { completed: '已完成', cancelled: '已取消' } as const;

export const zhSubAgent: SubAgentTexts = {
  progress: (link, p) =>
    `（子代理${link.ended ? ENDED[link.ended] : ''}：${p ? `${p.completed}/${p.total}` : '尚无清单'}）`,
  ended: (info, quote) => {
    const { completed, total } = info.progress;
    const done = total === 0 ? '它没有建待办清单' : `完成 ${completed}/${total}`;
    const open = info.open.length ? `；其未完成项：${ids(info.open)}` : '';
    switch (info.ended) {
      case 'finished':
        return `#${info.item} 的子代理已结束（${done}）。请核对其结果，再由你将 #${info.item} 标为完成。`;
      case 'stopped':
        return `#${info.item} 的子代理停止时仍有 ${info.open.length} 项未完成（${done}${open}）。请决定如何处理 #${info.item}。`;
      case 'failed':
        return `#${info.item} 的子代理失败：${quote(info.error ?? '未知错误')}（${done}${open}）。请决定如何处理 #${info.item}。`;
    }
  },
  problem: (problem) => {
    switch (problem.code) {
      case 'unknown_id':
        return problem.known.length
          ? `没有事项 #${problem.id}；请委派 ${ids(problem.known)} 之一。`
          : `没有事项 #${problem.id}；待办清单为空，请先添加该事项。`;
      case 'not_open':
        return `#${problem.id} ${STATUSES[problem.status]}；请委派 pending 或 in_progress 的事项。`;
      case 'bad_scope':
        return `子代理作用域 ${JSON.stringify(problem.scope)} 不可用；请用一行、最多 200 个字符命名。`;
    }
  },
};
