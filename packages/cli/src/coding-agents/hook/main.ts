/**
 * The process entry of `plankeeper hook`, loaded by the bin without commander or any other
 * command. It exits as soon as the answer is written: a store connection still retrying
 * (a server that is down) must not keep the agent waiting.
 */
import { runHook } from './run-hook.js';

export async function hookMain(args: readonly string[]): Promise<never> {
  const code = await runHook(
    args,
    {
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      env: process.env,
      cwd: process.cwd(),
    },
    { closeStore: false },
  );
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}
