/**
 * One `plankeeper hook <agent> <event>` process for one event, the input on its stdin and the
 * answer on its stdout: the fallback of resident-client.ts, which every plankeeper answers.
 * Time-boxed like the resident: a process that has not answered in time is killed and the
 * event answered neutrally.
 */
import { spawn } from 'node:child_process';
import type { HookClient } from './hook-client.js';

export function runOneShotHook<Answer>(
  client: HookClient<Answer>,
  event: string,
  input: unknown,
): Promise<Answer | undefined> {
  return new Promise((resolve) => {
    const [program = '', ...args] = client.command;
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(program, [...args, event, ...client.options], {
        ...(client.cwd && { cwd: client.cwd }),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch {
      resolve(undefined);
      return;
    }
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), client.timeoutFor(event));
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    let settled = false;
    const settle = (answer: Answer | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    child.on('error', () => settle(undefined));
    child.on('close', () => {
      if (stderr.trim() !== '') client.log(stderr.trim());
      settle(client.parse(stdout));
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(JSON.stringify(input));
  });
}
