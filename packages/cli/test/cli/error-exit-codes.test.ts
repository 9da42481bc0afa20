/**
 * main() turns errors into exit codes by their markers (isInstance), so an error made by
 * another copy of plankeeper still gets its exit code and a one-line message, while an
 * error that only looks like one (same name, no marker) is not swallowed.
 */
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';

const thrown = vi.hoisted(() => ({ error: undefined as unknown }));

// One command, `fail`, that throws whatever the test put in `thrown.error`.
vi.mock('../../src/cli/commands/index.js', async (original) => ({
  ...(await original<typeof import('../../src/cli/commands/index.js')>()),
  commands: [
    {
      name: 'fail',
      summary: 'throws',
      load: async () => (program: import('commander').Command) =>
        program.command('fail').action(() => {
          throw thrown.error;
        }),
    },
  ],
}));

const { main } = await import('../../src/cli/main.js');

function markedError(message: string, ...names: string[]): Error {
  const error = new Error(message);
  for (const name of ['plankeeper.error', ...names.map((one) => `plankeeper.error.${one}`)]) {
    Object.defineProperty(error, Symbol.for(name), { value: true });
  }
  return error;
}

describe('main: error to exit code', () => {
  let stderr: MockInstance<typeof process.stderr.write>;
  beforeEach(() => {
    stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => stderr.mockRestore());

  const run = () => main(['node', 'plankeeper', 'fail']);

  it('a CliError of another copy keeps its exit code', async () => {
    thrown.error = Object.assign(markedError('--store: no such file', 'CliError'), {
      exitCode: EXIT.config,
    });
    expect(await run()).toBe(EXIT.config);
    expect(stderr).toHaveBeenCalledWith('plankeeper: --store: no such file\n');
  });

  it('any other PlankeeperError, of any copy, is a failed run', async () => {
    thrown.error = markedError('the model failed', 'ModelError');
    expect(await run()).toBe(EXIT.runFailed);
    expect(stderr).toHaveBeenCalledWith('plankeeper: the model failed\n');
  });

  it('an error that is only named like one is rethrown, not mapped', async () => {
    thrown.error = Object.assign(new Error('not ours'), { name: 'CliError', exitCode: 3 });
    await expect(run()).rejects.toBe(thrown.error);
    expect(stderr).not.toHaveBeenCalled();
  });
});
