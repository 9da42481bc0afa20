/**
 * The contract every coding agent in the registry keeps, one suite over every descriptor (as
 * `storeContract` is for stores): its hook adapter parses each event it declares from a
 * recorded input into a neutral event keyed by the agent's own session, formats each neutral
 * answer in the agent's format, and a failing hook (in process, or a bin whose bundle does not
 * load) prints exactly its neutral answer; its MCP keying keys by the agent's session and never
 * by the model's arguments; its setup edits register its events, are idempotent and come out
 * again byte for byte; its notes reach the report; under each preset its hooks and its MCP server
 * apply the rules the one resolver gives. Each agent's recorded inputs are in
 * `<agent>/contract-inputs.ts`; what only one agent does stays in its own tests.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getLocale, MemoryPlanStore, PlanEngine, type PlanKey } from 'plankeeper';
import { DISCIPLINES, type Discipline, nudgeRule, resolveDiscipline } from 'plankeeper/rules';
import { openStore } from 'plankeeper/stores';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMcpFlags } from '../../../src/cli/commands/mcp.js';
import type { CodingAgentDescriptor } from '../../../src/coding-agents/coding-agent.js';
import { HOOK_ADAPTERS } from '../../../src/coding-agents/hook/adapters.js';
import { runHook } from '../../../src/coding-agents/hook/run-hook.js';
import type { HostAnswer } from '../../../src/coding-agents/hook-adapter.js';
import { MCP_AGENTS } from '../../../src/coding-agents/mcp-keying.js';
import { CODING_AGENTS } from '../../../src/coding-agents/registry.js';
import { SETUP_AGENTS, setup, setupReport } from '../../../src/coding-agents/setup/index.js';
import { homeEnv } from '../../support/sandbox-env.js';
import { BIN, createSetupProject, NODE, type SetupProject } from '../setup/support/project.js';
import {
  type CodingAgentContractInputs,
  fixture,
  type HookInput,
} from '../support/contract-inputs.js';

const NOTHING: HostAnswer = { kind: 'none' };
const EVENT_KINDS = [
  'session-start',
  'prompt',
  'tool-done',
  'tool-start',
  'stop',
  'subagent-start',
  'subagent-stop',
  'pre-compact',
];
/** What a model could write into a call's arguments to pick another plan. */
const MODEL_ARGUMENTS = {
  agent: 'chosen-by-model',
  session: 'chosen-by-model',
  scope: ['chosen-by-model'],
  sessionId: 'chosen-by-model',
  threadId: 'chosen-by-model',
};

const inputsOf = async (agent: CodingAgentDescriptor): Promise<CodingAgentContractInputs> =>
  ((await import(`../${agent.name}/contract-inputs.ts`)) as { inputs: CodingAgentContractInputs })
    .inputs;

/** The agent's neutral answer as a hook process prints it (a line, or nothing). */
const printed = (agent: CodingAgentDescriptor, event: string) => {
  const output = agent.hook.format(event, NOTHING);
  return output === '' ? '' : `${output}\n`;
};

async function hook(args: string[], input: unknown, cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await runHook(args, {
    stdin: [JSON.stringify(input)],
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd,
  });
  return { code, stdout, stderr };
}

describe('the coding-agent registry', () => {
  const names = CODING_AGENTS.map((agent) => agent.name);

  it('names each agent once, and setup, hook and mcp --for take exactly those', () => {
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(HOOK_ADAPTERS)).toEqual(names);
    expect(MCP_AGENTS).toEqual(names);
    expect(SETUP_AGENTS).toEqual(names);
  });
});

describe.each(CODING_AGENTS.map((agent) => [agent.name, agent] as const))('%s', (name, agent) => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pk-contract-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('hook adapter', () => {
    it('is the adapter of this agent, with a recorded input for every declared event', async () => {
      const { events } = await inputsOf(agent);
      expect(agent.hook.agent).toBe(name);
      expect(agent.events.length).toBeGreaterThan(0);
      expect(Object.keys(events).sort()).toEqual([...agent.events].sort());
    });

    it('parses each declared event into a neutral event keyed by the agent and its session', async () => {
      const { events } = await inputsOf(agent);
      for (const event of agent.events) {
        // An event the adapter answers from its input alone has no part in the rules.
        if (agent.hook.direct?.(event, events[event]!) !== undefined) continue;
        const keyed = agent.hook.parse(event, events[event]!);
        expect(keyed, event).toBeDefined();
        expect(keyed!.key.agent, event).toBe(name);
        expect(keyed!.key.session, event).toMatch(/\S/);
        expect(EVENT_KINDS, event).toContain(keyed!.event.kind);
      }
    });

    it('has one neutral answer for every event: nothing, or a JSON document', () => {
      const neutral = agent.hook.format(agent.events[0]!, NOTHING);
      for (const event of agent.events) {
        expect(agent.hook.format(event, NOTHING), event).toBe(neutral);
      }
      if (neutral !== '') expect(() => JSON.parse(neutral)).not.toThrow();
    });

    it('carries context on a prompt, a refused stop on a stop, a denied call before it runs', async () => {
      const { events } = await inputsOf(agent);
      const answers: Record<string, [HostAnswer, string]> = {
        prompt: [{ kind: 'context', text: 'CONTEXT-TEXT' }, 'CONTEXT-TEXT'],
        stop: [{ kind: 'bounce', reason: 'BLOCK-REASON' }, 'BLOCK-REASON'],
        'tool-start': [{ kind: 'deny', reason: 'DENY-REASON' }, 'DENY-REASON'],
      };
      const carried = new Set<string>();
      for (const event of agent.events) {
        if (agent.hook.direct?.(event, events[event]!) !== undefined) continue;
        const kind = agent.hook.parse(event, events[event]!)!.event.kind;
        if (!answers[kind]) continue;
        const [answer, text] = answers[kind];
        const output = agent.hook.format(event, answer);
        expect(() => JSON.parse(output), event).not.toThrow();
        expect(output, event).toContain(text);
        carried.add(kind);
      }
      expect([...carried].sort()).toEqual(Object.keys(answers).sort());
    });

    it('answers each declared event through plankeeper hook: exit 0, nothing on stderr', async () => {
      const { events } = await inputsOf(agent);
      const store = `sqlite:${join(dir, 'plans.db')}`;
      for (const event of agent.events) {
        const run = await hook([name, event, '--store', store], events[event], dir);
        expect(run.code, event).toBe(0);
        expect(run.stderr, event).toBe('');
        if (run.stdout !== printed(agent, event)) {
          expect(() => JSON.parse(run.stdout), event).not.toThrow();
        }
      }
    });

    it('a hook that fails prints the neutral answer, one line on stderr, and exits 0', async () => {
      const { events } = await inputsOf(agent);
      for (const event of agent.events) {
        const run = await hook([name, event, '--lang', 'fr'], events[event], dir);
        expect(run.code, event).toBe(0);
        expect(run.stdout, event).toBe(printed(agent, event));
        expect(run.stderr, event).toMatch(/^plankeeper hook: [^\n]+\n$/);
      }
    });
  });

  describe('MCP keying', () => {
    it('keys a call by the session the agent gives, whatever the model puts in the arguments', async () => {
      const engine = new PlanEngine({ store: new MemoryPlanStore() });
      const { env, parentPid, call, session } = await (await inputsOf(agent)).mcpCall(engine);
      const keying = agent.mcpKeying(env, engine, parentPid);
      expect(keying.agent).toBe(name);
      const keyOf = async (args?: Record<string, unknown>) =>
        (await keying.keyForCall?.({ ...call, ...(args && { arguments: args }) })) ??
        (keying.session === undefined ? undefined : { agent: name, session: keying.session });
      expect(await keyOf(call.arguments)).toEqual({ agent: name, session });
      expect(await keyOf({ ...MODEL_ARGUMENTS, ...call.arguments })).toEqual({
        agent: name,
        session,
      });
      // The arguments the agent adds for the server are dropped before the tool sees them.
      const added = Object.keys(call.arguments ?? {}).filter((key) => key !== 'todos');
      for (const key of added) expect(keying.ignoredArguments ?? []).toContain(key);
      // Without the agent's word, the model's arguments choose nothing.
      const bare = await keying.keyForCall?.({
        name: 'todo_write',
        meta: undefined,
        arguments: MODEL_ARGUMENTS,
      });
      expect(JSON.stringify(bare ?? null)).not.toContain('chosen-by-model');
    });
  });

  describe('setup', () => {
    let project: SetupProject;
    beforeEach(() => {
      project = createSetupProject();
    });
    afterEach(() => project.dispose());

    it('registers every declared event (with --approval, which adds the before-tool one)', () => {
      project.setup(name, { approval: 'on-change' });
      const written = Object.values(project.files()).join('\n');
      for (const event of agent.events) expect(written, event).toContain(event);
    });

    it.each([
      ['defaults', {}],
      [
        'every option',
        { approval: 'on-change', locale: 'zh', list: 'release', discipline: 'strict' },
      ],
    ] as const)(
      'with %s: a second run changes nothing and --remove gives back the original bytes',
      (_case, options) => {
        project.write('README.md', '# a project\n');
        const before = project.files();
        project.setup(name, options);
        const first = project.files();
        expect(first).not.toEqual(before);
        expect(project.setup(name, options)).toContain(
          'locale' in options
            ? '没有需要更改的内容'
            : `plankeeper setup ${name}: nothing to change`,
        );
        expect(project.files()).toEqual(first);
        project.setup(name, { ...options, remove: true });
        expect(project.files()).toEqual(before);
      },
    );

    it('--remove on a fresh project deletes every file and folder setup created', () => {
      const before = project.files();
      project.setup(name);
      project.setup(name, { remove: true });
      expect(project.files()).toEqual(before);
    });

    it.each(['en', 'zh'] as const)('the report (%s) carries its notes', (lang) => {
      const outcome = setup({
        agent: name,
        dir: project.dir,
        node: NODE,
        bin: BIN,
        locale: lang,
        env: homeEnv(project.home),
      });
      const notes = agent.notes[lang](outcome.ctx);
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) expect(setupReport(outcome)).toContain(note);
    });
  });
});

describe('plankeeper hook without its bundle', () => {
  // A copy of the application's bin in a folder of its own, so its dist is whatever a test
  // puts there, while the other tests run the real one.
  const folder = mkdtempSync(join(tmpdir(), 'plankeeper-hook-bin-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const bin = join(folder, 'bin/plankeeper.js');
  mkdirSync(join(folder, 'bin'));
  writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
  copyFileSync(fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url)), bin);
  const bundle = join(folder, 'dist/coding-agents/hook/bundle/hook.cjs');
  const loader = fileURLToPath(new URL('../../../dist/cli', import.meta.url));

  it.each([
    ['missing', undefined, true],
    ['broken', 'exports.hookMain = ;\n', true],
    ['throwing at load', "throw new Error('half-written install');\n", true],
    ['without the loader it is run with', 'exports.hookMain = async () => {};\n', false],
  ])('%s: exit 0, each agent’s neutral answer, one line on stderr', (_case, text, withLoader) => {
    rmSync(join(folder, 'dist'), { recursive: true, force: true });
    mkdirSync(join(folder, 'dist'));
    if (withLoader) symlinkSync(loader, join(folder, 'dist/cli'));
    if (text !== undefined) {
      mkdirSync(join(bundle, '..'), { recursive: true });
      writeFileSync(bundle, text);
    }
    for (const agent of CODING_AGENTS) {
      const event = agent.events.at(-1)!;
      const run = spawnSync(process.execPath, [bin, 'hook', agent.name, event], {
        input: '{}',
        encoding: 'utf8',
        timeout: 15_000,
      });
      expect(run.status).toBe(0);
      expect(run.stdout, agent.name).toBe(printed(agent, event));
      expect(run.stderr).toMatch(/^plankeeper hook: cannot start \([^\n]+\)\n$/);
    }
  });
});

const en = getLocale('en');
const CASES = CODING_AGENTS.flatMap((agent) =>
  DISCIPLINES.map((discipline) => [agent.name, discipline, agent] as const),
);

/**
 * The agent's recorded event that reports a non-plan tool call done, the input and the key it
 * names. Where the contract's input for that event is a plan tool's, the agent's recorded
 * built-in call (`<event>.builtin`) stands in.
 */
function workDone(
  agent: CodingAgentDescriptor,
  events: Readonly<Record<string, HookInput>>,
): { event: string; input: HookInput; key: PlanKey } | undefined {
  for (const event of agent.events) {
    const recorded = [events[event]!, ...builtinFixture(agent.name, event)];
    for (const input of recorded) {
      if (agent.hook.direct?.(event, input) !== undefined) continue;
      const keyed = agent.hook.parse(event, input);
      if (keyed?.event.kind === 'tool-done' && !keyed.event.isPlanTool && !keyed.event.isPlanWrite)
        return { event, input, key: keyed.key };
    }
  }
  return undefined;
}

function builtinFixture(agent: string, event: string): HookInput[] {
  const path = new URL(`../${agent}/fixtures/${event}.builtin.json`, import.meta.url);
  return existsSync(path) ? [fixture(agent, `${event}.builtin`)] : [];
}

/**
 * For every agent and every preset, the rules its hooks and its MCP server apply are the ones
 * the resolver gives (plankeeper/rules, for a host that shows no plan section). The hook runs
 * in process on the agent's recorded inputs and the server's flags are only parsed, so no
 * coding-agent CLI starts.
 */
describe.each(CASES)('%s, --discipline %s', (name, discipline: Discipline, agent) => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pk-preset-contract-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const resolved = resolveDiscipline({ discipline }, { planSection: false });

  it("the hooks nudge after the resolver's number of idle calls while an item is open", async () => {
    const { events } = await inputsOf(agent);
    const done = workDone(agent, events);
    expect(done, 'a recorded tool-done event of a non-plan tool').toBeDefined();
    const store = `sqlite:${join(dir, 'plans.db')}`;
    const opened = await openStore(store);
    await new PlanEngine({ store: opened }).add(done!.key, [{ content: 'Fix the bug' }]);
    await opened.close();

    const after = nudgeRule(resolved.nudge === false ? undefined : resolved.nudge).after;
    const reminded: boolean[] = [];
    for (let call = 1; call <= after + 1; call++) {
      let stdout = '';
      const code = await runHook(
        [name, done!.event, '--store', store, '--discipline', discipline],
        {
          stdin: [JSON.stringify(done!.input)],
          stdout: { write: (text: string) => (stdout += text) },
          stderr: { write: () => {} },
          env: {},
          cwd: dir,
        },
      );
      expect(code).toBe(0);
      reminded.push(stdout.includes(en.harness.reminder(after)));
    }
    expect(reminded).toEqual([...Array<boolean>(after - 1).fill(false), true, false]);
  });

  it("its MCP server takes the resolver's evidence rule and echo", () => {
    const settings = parseMcpFlags({ for: name, discipline }, {}, dir);
    expect(settings.evidence).toBe(resolved.evidence);
    expect(settings.echoPlan).toBe(resolved.echoPlan);
    // What the presets mean there: strict warns on a completion with no work; light drops the echo.
    expect(settings.evidence).toBe(discipline === 'strict' ? 'warn' : undefined);
    expect(settings.echoPlan).toBe(discipline !== 'light');
  });
});
