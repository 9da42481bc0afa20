import { todoListMiddleware } from 'langchain';
import { describe, expect, it } from 'vitest';
import {
  type AnchorItem,
  agentFrameworkMessage,
  claudeCodeTodoWriteResult,
  codexUpdatePlan,
  geminiWriteTodosResult,
  langChainWriteTodosMessage,
} from '../../src/eval/anchor-formats.js';

const items: AnchorItem[] = [
  { content: 'Read the logs', activeForm: 'Reading the logs', status: 'completed' },
  { content: 'Fix "the" bug', activeForm: 'Fixing the bug', status: 'in_progress' },
  { content: 'Ship it', activeForm: 'Shipping it', status: 'pending' },
];

describe('anchor formats', () => {
  it('LangChain: exactly what the installed todoListMiddleware write_todos tool returns', async () => {
    const tool = (
      todoListMiddleware().tools as unknown as { invoke(call: unknown): Promise<unknown> }[]
    )[0];
    const todos = items.map(({ content, status }) => ({ content, status }));
    const command = (await tool!.invoke({
      id: 'call_1',
      name: 'write_todos',
      args: { todos },
      type: 'tool_call',
    })) as { update: { messages: { content: string }[] } };
    expect(langChainWriteTodosMessage(items)).toBe(command.update.messages[0]!.content);
  });

  it('Agent Framework: FormatTodoListMessage with open/done and ids from 1', () => {
    expect(agentFrameworkMessage(items)).toBe(
      '### Current todo list\n- 1 [done] Read the logs\n- 2 [open] Fix "the" bug\n- 3 [open] Ship it',
    );
    expect(agentFrameworkMessage([])).toBe('### Current todo list\n- none yet');
  });

  it('Gemini CLI: numbered lines with the raw status', () => {
    expect(geminiWriteTodosResult(items)).toBe(
      'Successfully updated the todo list. The current list is now:\n1. [completed] Read the logs\n2. [in_progress] Fix "the" bug\n3. [pending] Ship it',
    );
    expect(geminiWriteTodosResult([])).toBe('Successfully cleared the todo list.');
  });

  it('Claude Code: the result, then the reminder with the todos as JSON', () => {
    const text = claudeCodeTodoWriteResult(items.slice(0, 1));
    expect(text).toBe(
      'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable\n\n<system-reminder>\nYour todo list has changed. DO NOT mention this explicitly to the user. Here are the latest contents of your todo list:\n\n[{"content":"Read the logs","status":"completed","activeForm":"Reading the logs"}]. Continue on with the tasks at hand if applicable.\n</system-reminder>',
    );
  });

  it('Codex: the plan in the update_plan arguments, "Plan updated" as the result', () => {
    const { arguments: args, result } = codexUpdatePlan(items.slice(1, 2));
    expect(JSON.parse(args)).toEqual({ plan: [{ step: 'Fix "the" bug', status: 'in_progress' }] });
    expect(result).toBe('Plan updated');
  });
});
