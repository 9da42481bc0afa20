/**
 * What the AI SDK and Agents SDK example tests share: the reply shape their scripted
 * models play, and the support-ticket conversation both examples run (two user turns,
 * a plan, a lookup, the answer after the goal check on the closing write).
 */

import type { ScriptedReply } from './scripted-steps.js';

export type { ScriptedReply };

/** The ticket conversation; `searchTool` is the example's order lookup tool name. */
export function ticketScript(searchTool: string): ScriptedReply[] {
  return [
    {
      call: 'todo_write',
      input: {
        todos: [
          { content: 'Look up order 1042', status: 'in_progress' },
          { content: 'Check the return policy', status: 'pending' },
        ],
      },
    },
    { call: searchTool, input: { order: '1042' } },
    {
      call: 'todo_write',
      input: {
        todos: [
          { id: '1', content: 'Look up order 1042', status: 'completed' },
          { id: '2', content: 'Check the return policy', status: 'completed' },
        ],
      },
    },
    // Answered after the goal check the closing write's result carried.
    { text: 'Checked: yes, within 14 days.' },
    { text: 'Yes, refunds go back to the card you paid with.' },
  ];
}
