/**
 * The complaint about LangChain's `todoListMiddleware`: the list reaches the model only
 * as the `write_todos` tool message in the history, so once the history is summarized
 * the model works blind. The same scripted task runs through LangChain's middleware and
 * through ours, each behind LangChain's real `summarizationMiddleware`.
 */
import {
  AIMessage,
  type AnyAgentMiddleware,
  createAgent,
  fakeModel,
  HumanMessage,
  summarizationMiddleware,
  todoListMiddleware,
} from 'langchain';
import { getLocale, PlanEngine, renderPlan } from 'plankeeper';
import { injectionKind, planMiddleware } from 'plankeeper/langchain';
import { describe, expect, it } from 'vitest';
import {
  lookup,
  lookupTool,
  RECURSION_LIMIT,
  received,
  type Step,
  scriptedModel,
} from '../../support/models/langchain.js';

const TASK = 'Audit the billing, search and login services and report what is broken.';
const PLAN = [
  { content: 'Audit the billing service', status: 'in_progress' },
  { content: 'Audit the search service', status: 'pending' },
  { content: 'Audit the login service', status: 'pending' },
];
const SUMMARY = 'The user asked for a service audit; the assistant has started looking things up.';
/** Model call 5 is the first after the summary replaced the older messages. */
const AFTER_SUMMARY = 4;

function script(writeTool: string): Step[] {
  return [
    { tool: writeTool, args: { todos: PLAN } },
    lookup('billing errors'),
    lookup('billing logs'),
    lookup('billing alerts'),
    { final: 'Billing is fine so far.' },
  ];
}

async function runWith(planning: AnyAgentMiddleware, writeTool: string) {
  const model = scriptedModel(script(writeTool));
  const summarizer = fakeModel().respond(new AIMessage(SUMMARY));
  const agent = createAgent({
    model,
    tools: [lookupTool],
    middleware: [
      summarizationMiddleware({
        model: summarizer,
        trigger: { messages: 8 },
        keep: { messages: 2 },
      }),
      planning,
    ],
  });
  const result = await agent.invoke(
    { messages: [new HumanMessage(TASK)] },
    { configurable: { thread_id: 'audit-1' }, recursionLimit: RECURSION_LIMIT },
  );
  const seen = received(model, AFTER_SUMMARY);
  expect(seen.some((message) => message.text.includes(SUMMARY))).toBe(true);
  return { model, result, seen };
}

const mentions = (texts: string[], content: string) => texts.some((text) => text.includes(content));

describe('after the history is summarized', () => {
  it('todoListMiddleware no longer shows the model its todo list', async () => {
    const { model, result, seen } = await runWith(todoListMiddleware(), 'write_todos');

    // Before the summary the list was visible, in the write_todos tool message.
    const before = received(model, AFTER_SUMMARY - 1).map((message) => message.text);
    for (const item of PLAN) expect(mentions(before, item.content)).toBe(true);
    // After it, nothing the model receives mentions a single item...
    const after = seen.map((message) => message.text);
    for (const item of PLAN) expect(mentions(after, item.content)).toBe(false);
    // ...although the list is still in the agent's state.
    expect((result as { todos?: unknown }).todos).toEqual(PLAN);
  });

  it('planMiddleware shows the whole plan again on the next model call', async () => {
    const engine = new PlanEngine();
    const { model, seen } = await runWith(
      planMiddleware({ engine, finishCheck: false, goalCheck: false }),
      'todo_write',
    );
    const items = (await engine.snapshot({ agent: 'langchain', session: 'audit-1' })).items;
    const full = renderPlan(items, { locale: getLocale('en') });

    // While the history still held the model's own todo_write call, the brief form sufficed.
    const before = received(model, AFTER_SUMMARY - 1).at(-1);
    expect(injectionKind(before!)).toBe('plan');
    expect(before?.text).not.toBe(full);
    expect(mentions([before!.text], PLAN[1]!.content)).toBe(false);
    // The summary took that call away, so the whole plan comes back.
    expect(injectionKind(seen.at(-1)!)).toBe('plan');
    expect(seen.at(-1)?.text).toBe(full);
    for (const item of PLAN) expect(mentions([full], item.content)).toBe(true);
  });

  it('planMiddleware with history placement keeps the whole plan in the new, shorter history', async () => {
    const engine = new PlanEngine();
    const { result, seen } = await runWith(
      planMiddleware({
        engine,
        injection: { placement: 'history' },
        finishCheck: false,
        goalCheck: false,
      }),
      'todo_write',
    );
    const items = (await engine.snapshot({ agent: 'langchain', session: 'audit-1' })).items;
    const full = renderPlan(items, { locale: getLocale('en') });

    // The summary swallowed the section kept earlier; a whole one follows it again.
    const sections = seen.filter((message) => injectionKind(message) === 'plan');
    expect(sections.map((message) => message.text)).toEqual([full]);
    expect(seen.indexOf(sections[0]!)).toBeGreaterThan(
      seen.findIndex((message) => message.text.includes(SUMMARY)),
    );
    expect(result.messages.filter((message) => injectionKind(message) === 'plan')).toHaveLength(1);
  });
});
