// An OpenCode plugin that records every plugin hook call, and every bus event (the `event`
// hook), as one JSON line each, in the order OpenCode makes them:
// {seq, time, hook, type?, input, output} appended to $PLANKEEPER_OC_RECORD_DIR/hooks.jsonl.
// The opencode runner copies it to the project's .opencode/plugin/ as
// 00-plankeeper-recorder.js, so it runs before any other project plugin and records each
// `output` object as OpenCode handed it over. It changes nothing and answers nothing.
// Functions are written as "[Function name]" and repeated objects as "[Circular]".
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const HOOKS = [
  'chat.message',
  'chat.params',
  'chat.headers',
  'permission.ask',
  'command.execute.before',
  'tool.execute.before',
  'tool.execute.after',
  'tool.definition',
  'shell.env',
  'experimental.chat.messages.transform',
  'experimental.chat.system.transform',
  'experimental.provider.small_model',
  'experimental.session.compacting',
  'experimental.compaction.autocontinue',
  'experimental.text.complete',
];

const dir = process.env.PLANKEEPER_OC_RECORD_DIR;
let seq = 0;

function serialize(value) {
  const seen = new WeakSet();
  return JSON.stringify(value, (_key, item) => {
    if (typeof item === 'function') return `[Function ${item.name || 'anonymous'}]`;
    if (typeof item === 'bigint') return String(item);
    if (item instanceof URL) return item.href;
    if (item !== null && typeof item === 'object') {
      if (seen.has(item)) return '[Circular]';
      seen.add(item);
    }
    return item;
  });
}

function record(hook, input, output, type) {
  if (!dir) return;
  try {
    mkdirSync(dir, { recursive: true });
    const line = serialize({
      seq: seq++,
      time: Date.now(),
      hook,
      ...(type !== undefined && { type }),
      input: input ?? null,
      output: output ?? null,
    });
    appendFileSync(join(dir, 'hooks.jsonl'), `${line}\n`);
  } catch (error) {
    appendFileSync(join(dir, 'recorder-errors.txt'), `${hook}: ${String(error)}\n`);
  }
}

export const PlankeeperEventRecorder = async (context) => {
  record('plugin.input', {
    keys: Object.keys(context),
    directory: context.directory,
    worktree: context.worktree,
    project: context.project,
    serverUrl: String(context.serverUrl),
    clientKeys: Object.keys(context.client ?? {}),
    hasShell: typeof context.$ === 'function',
    env: Object.fromEntries(
      Object.entries(process.env).filter(([name]) => /^OPENCODE|SESSION/.test(name)),
    ),
    cwd: process.cwd(),
  });
  const hooks = {
    event: async (input) => record('event', input, null, input?.event?.type),
    config: async (config) => record('config', config, null),
    dispose: async () => record('dispose', null, null),
  };
  for (const name of HOOKS) {
    hooks[name] = async (input, output) => record(name, input, output);
  }
  return hooks;
};
