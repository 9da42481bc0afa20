import type { SubAgentTexts } from './sub-agent-texts.js';

const ids = (list: readonly string[]) => list.map((id) => `#${id}`).join(', ');

const ENDED = { finished: 'finished', stopped: 'stopped', failed: 'failed' } as const;

export const enSubAgent: SubAgentTexts = {
  progress: (link, p) =>
    ` (sub-agent${link.ended ? ` ${ENDED[link.ended]}` : ''}: ${p ? `${p.completed}/${p.total}` : 'no plan yet'})`,
  ended: (info, quote) => {
    const { completed, total } = info.progress;
    const done = total === 0 ? 'it kept no todo list' : `${completed}/${total} done`;
    const open = info.open.length ? `; its open items: ${ids(info.open)}` : '';
    switch (info.ended) {
      case 'finished':
        return `Sub-agent on #${info.item} finished (${done}). Check its result, then complete #${info.item} yourself.`;
      case 'stopped':
        return `Sub-agent on #${info.item} stopped with ${info.open.length} open (${done}${open}). Decide what to do with #${info.item}.`;
      case 'failed':
        return `Sub-agent on #${info.item} failed: ${quote(info.error ?? 'unknown error')} (${done}${open}). Decide what to do with #${info.item}.`;
    }
  },
  problem: (problem) => {
    switch (problem.code) {
      case 'unknown_id':
        return problem.known.length
          ? `There is no item #${problem.id}; delegate one of ${ids(problem.known)}.`
          : `There is no item #${problem.id}; the todo list is empty. Add the item first.`;
      case 'not_open':
        return `#${problem.id} is already ${problem.status}; delegate a pending or in-progress item.`;
      case 'bad_scope':
        return `Sub-agent scope ${JSON.stringify(problem.scope)} is not usable; name it with one line of at most 200 characters.`;
    }
  },
};
