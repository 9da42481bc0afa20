/**
 * The process entry of `plankeeper hook`, loaded by the bin without commander or any other
 * command. It exits as soon as the answer is written: a store connection still retrying
 * (a server that is down) must not keep the agent waiting. With `--serve` it answers events
 * until stdin closes (serve-hooks.ts), then exits the same way.
 */
import { SERVE_FLAG } from './hook-args.js';
import { runHook } from './run-hook.js';
import { serveHooks } from './serve-hooks.js';

export async function hookMain(args: readonly string[]): Promise<never> {
  const io = {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  };
  let code: number;
  if (args[1] === SERVE_FLAG) {
    // The host that reads the answers is gone: nothing left to answer.
    process.stdout.on('error', () => process.exit(0));
    code = await serveHooks(args, io);
  } else {
    code = await runHook(args, io, { closeStore: false });
  }
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}
