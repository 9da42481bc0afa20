/**
 * `plankeeper hook <agent> <event>`: one hook call, failing open. Whatever goes wrong inside
 * plankeeper (bad arguments, a store that is down or hangs, a bug) prints one line on stderr
 * and gives the agent the neutral answer with exit 0, before an internal deadline well
 * inside every agent's hook timeout: plankeeper never blocks an agent because it broke. A
 * SQLite store locked by another process is given up on within that deadline too.
 */
import { isAbsolute, resolve } from 'node:path';
import type { PlanStore } from 'plankeeper';
import { getLocale, type LocaleId, PlanEngine, storedRules } from 'plankeeper/harness';
import {
  answerInStore,
  asksTheRules,
  failOpen,
  type HookAnswerOptions,
  type Untimed,
} from 'plankeeper/hooks';
import { openStore } from 'plankeeper/stores';
import type { CodingAgentName } from '../agent-names.js';
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { type HookAdapter, type HostAnswer, NOTHING } from '../hook-adapter.js';
import { planFileRefusal } from '../plan-file-guard/plan-file-guard.js';
import { planFileList, withPlanFile } from '../plan-file-list.js';
import { maxItemsLimits } from '../plan-file-max-items.js';
import { agentProjectDir, agentStoreUrl } from '../project-store.js';
import { HOOK_ADAPTERS } from './adapters.js';
import { checkedAgent } from './checked-agent.js';
import { type HookArgs, parseHookArgs } from './hook-args.js';
import { hookCheckGate } from './hook-check-gate.js';
import type { KeptStores } from './kept-stores.js';

export interface HookIo {
  stdin: AsyncIterable<Buffer | string> | Iterable<string>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * How long one store write waits for another process's lock. Another hook or the MCP server
 * holds it for milliseconds; a lock held longer is someone stuck, and the hook answers
 * neutrally rather than keep the agent waiting.
 */
export const HOOK_LOCK_WAIT_MS = 1000;

export interface RunHookOptions {
  /** Give up and answer neutrally after this long. Default 3 s. */
  deadlineMs?: number;
  /**
   * Close the store after answering. Default true; the hook process passes false because it
   * exits at once: SQLite keeps every committed write without the checkpoint a close runs,
   * and a network store's close would only delay the exit.
   */
  closeStore?: boolean;
  /**
   * Stores kept open between events by a process that answers many (`--serve`): an event
   * without a plan file uses the one for its URL and leaves it open (kept-stores.ts).
   */
  keptStores?: KeptStores;
}

/** Always resolves to 0; the answer is on `io.stdout`. */
export async function runHook(
  args: readonly string[],
  io: HookIo,
  options: RunHookOptions = {},
): Promise<number> {
  const output = await answerHookEvent(args, () => readInput(io.stdin, args[0] ?? ''), io, options);
  if (output !== '') io.stdout.write(`${output}\n`);
  return 0;
}

/**
 * One hook event, `args` as `plankeeper hook` takes them, its input from `readInput` (stdin,
 * or a line of `plankeeper hook <agent> --serve`): the agent's output, '' for none, failing
 * open. The one path of every command hook, one process per event or many in one.
 */
export function answerHookEvent(
  args: readonly string[],
  readInput: () => Promise<unknown>,
  io: Pick<HookIo, 'stderr' | 'env' | 'cwd'>,
  options: RunHookOptions = {},
): Promise<string> {
  const adapter = HOOK_ADAPTERS[args[0] ?? ''];
  return answerFailingOpen(
    adapter,
    args[1] ?? '',
    io.stderr,
    options.deadlineMs,
    (lockWaitDeadline, untimed) =>
      answerHook(args, adapter, readInput, io, options, {
        lockWaitDeadline,
        untimed,
      }),
  );
}

/**
 * One hook event answered inside a plankeeper process that already has the store open (the
 * MCP server, for an agent whose hooks can call it): the same checks and rules as
 * `plankeeper hook`, failing open the same way. Resolves to the agent's output ('' for none).
 */
export function answerHookInProcess(
  parsed: HookArgs,
  input: Record<string, unknown>,
  store: PlanStore,
  io: Pick<HookIo, 'stderr' | 'env' | 'cwd'>,
  deadlineMs?: number,
): Promise<string> {
  const adapter = HOOK_ADAPTERS[parsed.agent];
  return answerFailingOpen(adapter, parsed.event, io.stderr, deadlineMs, async (_, untimed) => {
    const agent = checkedAgent(parsed, adapter);
    // The server runs in the agent's project; its store is the one it has open.
    const projectDir = agentProjectDir(agent.projectDirEnv, io.env, io.cwd);
    const checks = hookCheckGate(parsed, projectDir, parsed.store);
    return decideHook(parsed, agent, input, async () => store, false, io.cwd, {
      checks,
      untimed,
    });
  });
}

/**
 * Runs `work` for one hook event and formats its answer, failing open (the core's failOpen):
 * whatever goes wrong, or takes past the deadline, gives one line on stderr and the neutral
 * answer.
 */
async function answerFailingOpen(
  adapter: HookAdapter | undefined,
  eventName: string,
  stderr: HookIo['stderr'],
  deadlineMs: number | undefined,
  /** The rules' answer, or the agent's output itself (HookAdapter.direct). */
  work: (lockWaitDeadline: number, untimed: Untimed) => Promise<HostAnswer | string>,
): Promise<string> {
  const answer = await failOpen<HostAnswer | string>(work, {
    deadlineMs,
    neutral: NOTHING,
    onError: (error) => {
      const message = error instanceof Error ? error.message : String(error);
      stderr.write(`plankeeper hook: ${oneLine(message)} (answered neutrally)\n`);
    },
  });
  if (typeof answer === 'string') return answer;
  try {
    const output = adapter?.format(eventName, answer) ?? '';
    // A notice for the person where the agent shows none of a hook's output: its stderr.
    if (answer.kind === 'notice' && output === (adapter?.format(eventName, NOTHING) ?? '')) {
      stderr.write(`${answer.text}\n`);
    }
    return output;
  } catch (error) {
    stderr.write(`plankeeper hook: ${oneLine(String(error))} (answered neutrally)\n`);
    return adapter?.format(eventName, NOTHING) ?? '';
  }
}

async function answerHook(
  args: readonly string[],
  adapter: HookAdapter | undefined,
  readInput: () => Promise<unknown>,
  io: Pick<HookIo, 'env' | 'cwd'>,
  options: RunHookOptions,
  { lockWaitDeadline, untimed }: { lockWaitDeadline: number; untimed: Untimed },
): Promise<HostAnswer | string> {
  const parsed = parseHookArgs(args);
  // Checked before stdin is read: run by hand with a typo, the hook says so, not a JSON error.
  const agent = checkedAgent(parsed, adapter);
  const input = await readInput();
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new Error('the hook input on stdin is not a JSON object');
  }
  // The hook input's cwd is the agent's session directory (Codex, Claude Code, Gemini CLI
  // send it), where the hook's own working directory may be another.
  const inputCwd = (input as { cwd?: unknown }).cwd;
  const cwd = typeof inputCwd === 'string' && isAbsolute(inputCwd) ? inputCwd : io.cwd;
  const projectDir = agentProjectDir(agent.projectDirEnv, io.env, cwd);
  const url = agentStoreUrl(parsed.store, io.env, projectDir);
  // The list is named for the file's path in its project: from the path the store opens.
  const planFile = parsed.planFile === undefined ? undefined : resolve(projectDir, parsed.planFile);
  const kept = planFile === undefined ? options.keptStores : undefined;
  const open = async () => {
    if (kept) return kept.get(url, () => openStore(url, { busyTimeoutMs: HOOK_LOCK_WAIT_MS }));
    const store = await openStore(url, { busyTimeoutMs: HOOK_LOCK_WAIT_MS, lockWaitDeadline });
    // The plan a person edits in the file: the finish check and reminders read it from there.
    if (planFile === undefined) return store;
    return withPlanFile(store, planFile, {
      lockTimeoutMs: HOOK_LOCK_WAIT_MS,
    });
  };
  const closeStore = !kept && (options.closeStore ?? true);
  const listed =
    planFile === undefined ? parsed : { ...parsed, planFile, list: planFileList(planFile) };
  const checks = hookCheckGate(parsed, projectDir, url);
  return decideHook(listed, agent, input as Record<string, unknown>, open, closeStore, cwd, {
    checks,
    untimed,
  });
}

/** The rules' answer to one hook input; the store is opened only when the event needs it. */
async function decideHook(
  parsed: HookArgs,
  agent: CodingAgentDescriptor<CodingAgentName>,
  input: Record<string, unknown>,
  openHookStore: () => Promise<PlanStore>,
  closeStore: boolean,
  cwd: string,
  /** The person's checks before an answer, run outside the deadline (`untimed`). */
  checks: Pick<HookAnswerOptions, 'checks' | 'untimed'> = {},
): Promise<HostAnswer | string> {
  const adapter = agent.hook;
  const direct = adapter.direct?.(parsed.event, input);
  if (direct !== undefined) return direct;
  // The model's own edit of the plan file is refused from the input alone (plan-file-guard).
  const lang = (parsed.lang ?? 'en') as LocaleId;
  const refused =
    parsed.planFile !== undefined &&
    planFileRefusal(adapter, parsed.event, input, parsed.planFile, cwd, lang);
  if (refused) return refused;
  const options: HookAnswerOptions = {
    rules: { ...storedRules(parsed), locale: getLocale((parsed.lang ?? 'en') as LocaleId) },
    list: parsed.list,
    ...checks,
  };
  await adapter.settle?.(parsed.event, input);
  const parsedEvent = adapter.parse(parsed.event, input);
  // An event the rules have nothing to say to opens no store (a call about to run, unless
  // other tools wait for approval).
  const keyed = parsedEvent && asksTheRules(parsedEvent.event, options) ? parsedEvent : undefined;
  const record = adapter.record?.(parsed.event, input);
  if (!keyed && !record) return NOTHING;
  const store = await openHookStore();
  try {
    if (record) {
      await new PlanEngine({ store, ttlMs: record.ttlMs }).updateTurnState(
        record.key,
        () => record.state,
      );
    }
    if (!keyed) return NOTHING;
    const engine = new PlanEngine({ store, ...maxItemsLimits(parsed.maxItems) });
    await agent.onEvent?.(engine, keyed);
    return await answerInStore(engine, keyed, options);
  } finally {
    if (closeStore) await store.close().catch(() => {});
  }
}

/** The hook input a command hook gets: one JSON value on stdin. */
async function readInput(
  stream: AsyncIterable<Buffer | string> | Iterable<string>,
  agent: string,
): Promise<unknown> {
  let text = '';
  for await (const chunk of stream)
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  if (text.trim() === '') {
    throw new Error(`no hook input on stdin: ${agent} runs this with its hook input as JSON`);
  }
  return JSON.parse(text) as unknown;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
