/**
 * The coding-agent contract for the presets: for every agent in the registry and every
 * preset, the rules its hooks and its MCP server apply are the ones the resolver gives
 * (plankeeper/rules `resolveDiscipline`, for a host that shows no plan section). The hook
 * runs in process on the agent's recorded inputs and the server's flags are only parsed, so
 * no coding-agent CLI starts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLocale, PlanEngine, type PlanKey } from 'plankeeper';
import { DISCIPLINES, type Discipline, nudgeRule, resolveDiscipline } from 'plankeeper/rules';
import { openStore } from 'plankeeper/stores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMcpFlags } from '../../../src/cli/commands/mcp.js';
import type { CodingAgentDescriptor } from '../../../src/coding-agents/coding-agent.js';
import { runHook } from '../../../src/coding-agents/hook/run-hook.js';
import { CODING_AGENTS } from '../../../src/coding-agents/registry.js';
import {
  type CodingAgentContractInputs,
  fixture,
  type HookInput,
} from '../support/contract-inputs.js';

const en = getLocale('en');
const CASES = CODING_AGENTS.flatMap((agent) =>
  DISCIPLINES.map((discipline) => [agent.name, discipline, agent] as const),
);

const inputsOf = async (agent: CodingAgentDescriptor): Promise<CodingAgentContractInputs> =>
  ((await import(`../${agent.name}/contract-inputs.ts`)) as { inputs: CodingAgentContractInputs })
    .inputs;

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

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pk-preset-contract-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.each(CASES)('%s, --discipline %s', (name, discipline: Discipline, agent) => {
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
