/**
 * The application's error classes follow the core's error model: each is a
 * PlankeeperError with its own Symbol.for marker, and its isInstance checks that marker,
 * so it holds across two copies of a module where instanceof does not.
 */
import { ConfigurationError, PlankeeperError } from 'plankeeper';
import { describe, expect, it, vi } from 'vitest';
import * as cliError from '../src/cli/cli-error.js';
import * as dashboardError from '../src/dashboard/dashboard-error.js';
import * as runEval from '../src/eval/run-eval.js';
import * as modelError from '../src/models/model-error.js';

interface Copy {
  cliError: typeof cliError;
  dashboardError: typeof dashboardError;
  runEval: typeof runEval;
  modelError: typeof modelError;
}

interface ErrorClass {
  readonly name: string;
  new (...args: never[]): PlankeeperError;
  isInstance(value: unknown): boolean;
}

const CASES: { name: string; from: (copy: Copy) => ErrorClass; args: unknown[] }[] = [
  { name: 'CliError', from: (copy) => copy.cliError.CliError, args: ['--port is not a port', 2] },
  {
    name: 'DashboardError',
    from: (copy) => copy.dashboardError.DashboardError,
    args: ['A plan store is required.'],
  },
  {
    name: 'UnknownScenarioError',
    from: (copy) => copy.runEval.UnknownScenarioError,
    args: ['no-such-scenario'],
  },
  {
    name: 'ModelError',
    from: (copy) => copy.modelError.ModelError,
    args: ['OpenAI said 401', { provider: 'OpenAI', code: 'authentication', status: 401 }],
  },
];

const here: Copy = { cliError, dashboardError, runEval, modelError };

function make(Class: ErrorClass, args: unknown[]): PlankeeperError {
  return new (Class as unknown as new (...args: unknown[]) => PlankeeperError)(...args);
}

describe.each(CASES)('$name: isInstance', ({ name, from, args }) => {
  const Class = from(here);

  it('is true for its instances and a subclass, and they are PlankeeperErrors', () => {
    const Subclass = class extends (Class as unknown as new (...args: unknown[]) => Error) {};
    expect(Class.isInstance(make(Class, args))).toBe(true);
    expect(Class.isInstance(new Subclass(...args))).toBe(true);
    expect(PlankeeperError.isInstance(make(Class, args))).toBe(true);
    expect(Object.hasOwn(Class, 'isInstance')).toBe(true);
  });

  it('is false for the other classes, core errors and a same-named look-alike', () => {
    for (const other of CASES.filter((candidate) => candidate.name !== name)) {
      expect(Class.isInstance(make(other.from(here), other.args)), other.name).toBe(false);
    }
    expect(Class.isInstance(new ConfigurationError('x'))).toBe(false);
    expect(Class.isInstance(new Error('x'))).toBe(false);
    expect(Class.isInstance(Object.assign(new Error('x'), { name, exitCode: 2 }))).toBe(false);
  });

  it('is true for an error of a second copy of the module, and for its marker alone', async () => {
    vi.resetModules();
    const second: Copy = {
      cliError: await import('../src/cli/cli-error.js'),
      dashboardError: await import('../src/dashboard/dashboard-error.js'),
      runEval: await import('../src/eval/run-eval.js'),
      modelError: await import('../src/models/model-error.js'),
    };
    const foreign = make(from(second), args);
    expect(foreign instanceof (Class as unknown as typeof Error)).toBe(false);
    expect(Class.isInstance(foreign)).toBe(true);
    expect(Class.isInstance({ [Symbol.for(`plankeeper.error.${name}`)]: true })).toBe(true);
  });
});
