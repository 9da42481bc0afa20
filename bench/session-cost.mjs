// What plankeeper adds to a coding agent's session, measured the same way for every agent: a
// session of N tool calls (then an answer) against the agent's scripted model server, in a
// project without plankeeper and in one after `plankeeper setup <agent>`, alternately, ROUNDS
// rounds each; medians.
//
// A session's time is its start (to the first model request), the gaps between its model
// requests (one per tool call) and its end (from the last request to the exit); each part is
// measured in every session, so neither figure is worked out from the other.
// Per tool call: how much longer the agent takes from one model request to the next, the
// median gap over every tool call of every session (about 40 x ROUNDS of them), with
// plankeeper against without; the mean is printed beside it, and the two-point slope of the
// session times (the difference at N = 30 less that at N = 10, over 20), which moves by a few
// ms from run to run on this machine, since the sessions themselves move by a few hundred.
// Per session: how much longer the start and the end take together, with plankeeper against
// without (medians at each size, averaged over the two sizes).
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { printTable, verdict } from './report.mjs';

const root = new URL('../', import.meta.url).pathname;
const ROUNDS = Number(process.env.BENCH_SESSION_ROUNDS ?? 3);
const SIZES = (process.env.BENCH_SESSION_SIZES ?? '10,30').split(',').map(Number);
const PER_CALL_TARGET_MS = 10;
const PER_SESSION_TARGET_MS = 400;
/**
 * Codex's and Gemini CLI's per-call target: their hooks are commands, so each call costs at
 * least a shell's start (the forwarder to the running MCP server).
 */
export const COMMAND_HOOK_TARGETS = { perCallMs: 30 };

/** How each agent's events reach plankeeper, as the summary of `bench/run.mjs sessions` names it. */
export const ROUTES = {
  claudeCode: 'mcp_tool hooks: calls to its plankeeper MCP server',
  forwarder: 'forwarder in its bash, to its plankeeper MCP server',
  opencode: 'in-process plugin, one hook --serve (its MCP server too)',
  pi: 'in-process extension',
};

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The command line of the tests' stand-in MCP server (tool `echo`), logging to `log`. Named
 * here: the test support that builds it finds the script from its own file, which a bundled
 * import of another support module does not keep.
 */
export function standInEcho(log) {
  return {
    command: process.execPath,
    args: [join(root, 'packages/cli/test/support/stand-in-mcp-server.mjs'), log, '--tool', 'echo'],
  };
}

/** Runs `plankeeper setup <agent>` from this checkout on `dir`, with `env` (HOME and the like). */
export function setUp(agent, dir, env) {
  const setup = spawnSync(
    process.execPath,
    [join(root, 'bin/plankeeper.js'), 'setup', agent, '--dir', dir],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (setup.status !== 0) throw new Error(`setup ${agent} failed: ${setup.stderr}`);
}

/** The gaps between one session's model requests, from their arrival times (ms), in order. */
export function requestGaps(times) {
  return times.slice(1).map((time, index) => time - times[index]);
}

/** A session's time outside its tool calls: before its first model request and after its last. */
function outsideCalls(ms, times) {
  return ms - (times[times.length - 1] - times[0]);
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Runs `session(variant, calls)` (variant 'bare' or 'kept'; resolves to the session's wall time
 * `ms` and the arrival times of its model requests, `requests`, and throws if the session did
 * not end as scripted) at each size, alternately, ROUNDS rounds, after one session of each to
 * warm up, and prints the table and the gaps. Resolves to the figures:
 * - perCall: the median gap between model requests with plankeeper less that without;
 * - meanPerCall and slope: the mean gaps' difference and the two-point slope of the session
 *   times, for comparison;
 * - perSession: at each size, the median time outside the tool calls with plankeeper less that
 *   without, averaged over the sizes, each of which measures the same thing.
 * `reference` ({ variant, label }): a third project run in the same rounds, whose added gap
 * per call is printed beside plankeeper's and resolved as referencePerCall.
 */
export async function measureSessions(title, session, reference) {
  const loads = [loadavg()[0]];
  const variants = reference ? ['bare', reference.variant, 'kept'] : ['bare', 'kept'];
  // One session each first: a CLI's first start in a fresh HOME does more.
  for (const variant of variants) await session(variant, 1);
  const times = Object.fromEntries(variants.map((variant) => [variant, {}]));
  const outside = Object.fromEntries(variants.map((variant) => [variant, {}]));
  const gaps = Object.fromEntries(variants.map((variant) => [variant, []]));
  for (const calls of SIZES) {
    for (const variant of variants) {
      times[variant][calls] = [];
      outside[variant][calls] = [];
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of variants) {
        const run = await session(variant, calls);
        if (run.requests.length !== calls + 1) {
          throw new Error(`${title}: ${run.requests.length} model requests for ${calls} calls`);
        }
        times[variant][calls].push(run.ms);
        outside[variant][calls].push(outsideCalls(run.ms, run.requests));
        gaps[variant].push(...requestGaps(run.requests));
      }
      loads.push(loadavg()[0]);
    }
  }
  const [small, large] = SIZES;
  const at = (variant, calls) => median(times[variant][calls]);
  const added = (calls) => at('kept', calls) - at('bare', calls);
  const slope = (added(large) - added(small)) / (large - small);
  const gap = (variant) => median(gaps[variant]);
  const perCall = gap('kept') - gap('bare');
  const meanPerCall = mean(gaps.kept) - mean(gaps.bare);
  const outsideAt = (variant, calls) => median(outside[variant][calls]);
  const sessionPart = (calls) => outsideAt('kept', calls) - outsideAt('bare', calls);
  const perSession = mean(SIZES.map(sessionPart));
  const load = `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`;
  printTable(
    `${title} (median of ${ROUNDS} rounds, ms; load average ${load})`,
    ['N', 'without plankeeper', 'with plankeeper', 'added', 'added outside the calls'],
    SIZES.map((calls) => [
      calls,
      at('bare', calls),
      at('kept', calls),
      added(calls),
      Math.round(sessionPart(calls)),
    ]),
  );
  console.log(
    `\ngap between model requests over ${gaps.kept.length} tool calls: median ${gap('bare').toFixed(1)} ms without, ${gap('kept').toFixed(1)} ms with plankeeper; mean ${mean(gaps.bare).toFixed(1)} and ${mean(gaps.kept).toFixed(1)} ms (${meanPerCall.toFixed(1)} ms added); two-point slope of the session times: ${slope.toFixed(1)} ms per call\n`,
  );
  if (!reference) return { perCall, meanPerCall, slope, perSession, load };
  const referencePerCall = gap(reference.variant) - gap('bare');
  console.log(
    `${reference.label}: median gap ${gap(reference.variant).toFixed(1)} ms, ${referencePerCall.toFixed(1)} ms added; plankeeper's own part: ${(perCall - referencePerCall).toFixed(1)} ms per call\n`,
  );
  return { perCall, meanPerCall, slope, perSession, load, referencePerCall };
}

/**
 * Measures `session` as measureSessions does and prints the verdicts against the targets,
 * labelled with `agent` and `tool`. `targets.perCallMs`: the agent's own per-call target, where
 * it differs; `targets.route`: how plankeeper answers the agent's events, for the summary of
 * `bench/run.mjs sessions`; `targets.reference`: measureSessions' `reference`. Resolves to the
 * figures.
 */
export async function sessionCost(agent, tool, session, targets = {}) {
  const perCallTarget = targets.perCallMs ?? PER_CALL_TARGET_MS;
  const figures = await measureSessions(
    `${agent}: a session of N ${tool} calls`,
    session,
    targets.reference,
  );
  verdict(
    `${agent}: per tool call`,
    figures.perCall <= perCallTarget,
    `${figures.perCall.toFixed(1)} ms added (target <= ${perCallTarget} ms)`,
  );
  verdict(
    `${agent}: per session`,
    figures.perSession <= PER_SESSION_TARGET_MS,
    `${figures.perSession.toFixed(0)} ms added (target <= ${PER_SESSION_TARGET_MS} ms)`,
  );
  return {
    agent,
    route: targets.route ?? '',
    ...figures,
    perCallTarget,
    perSessionTarget: PER_SESSION_TARGET_MS,
  };
}
