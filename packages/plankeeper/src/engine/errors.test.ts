import { describe, expect, it, vi } from 'vitest';
import { createCompletionLoop } from '../harness/completion-loop.js';
import { nudgeRule } from '../harness/rules/nudge.js';
import * as storeErrors from '../stores/store-errors.js';
import * as scriptedModel from '../test/scripted-model.js';
import * as errors from './errors.js';
import { PlanEngine } from './plan-engine.js';
import { decodePlanKey } from './plan-key.js';

/** The modules that define plankeeper's error classes, as one copy of the package has them. */
interface Copy {
  errors: typeof errors;
  storeErrors: typeof storeErrors;
  scriptedModel: typeof scriptedModel;
}

interface ErrorClass {
  readonly name: string;
  new (...args: never[]): errors.PlankeeperError;
  isInstance(value: unknown): boolean;
}

/** Every error class of the core, with arguments its constructor accepts. */
const CASES: { name: string; from: (copy: Copy) => ErrorClass; args: unknown[] }[] = [
  { name: 'PlankeeperError', from: (copy) => copy.errors.PlankeeperError, args: ['broken'] },
  { name: 'PlanRecordError', from: (copy) => copy.errors.PlanRecordError, args: ['a/b', 'bad'] },
  { name: 'PlanConflictError', from: (copy) => copy.errors.PlanConflictError, args: ['a/b', 3] },
  {
    name: 'ConfigurationError',
    from: (copy) => copy.errors.ConfigurationError,
    args: ['maxSteps must be a positive integer, got 0.'],
  },
  {
    name: 'StoreUrlError',
    from: (copy) => copy.storeErrors.StoreUrlError,
    args: ['nope://x', 'no such scheme'],
  },
  {
    name: 'StoreSchemaError',
    from: (copy) => copy.storeErrors.StoreSchemaError,
    args: ['schema from a newer plankeeper'],
  },
  {
    name: 'StoreFileError',
    from: (copy) => copy.storeErrors.StoreFileError,
    args: ['/srv/plans.db', 'the file was deleted'],
  },
  {
    name: 'StoreUnavailableError',
    from: (copy) => copy.storeErrors.StoreUnavailableError,
    args: ['Redis', 'redis://localhost:1', new Error('ECONNREFUSED')],
  },
  {
    name: 'ScriptExhaustedError',
    from: (copy) => copy.scriptedModel.ScriptExhaustedError,
    args: [4],
  },
];

const here: Copy = { errors, storeErrors, scriptedModel };

function make(Class: ErrorClass, args: unknown[]): errors.PlankeeperError {
  return new (Class as unknown as new (...args: unknown[]) => errors.PlankeeperError)(...args);
}

/** A fresh evaluation of the modules: what a second installed copy of plankeeper is. */
async function loadSecondCopy(): Promise<Copy> {
  vi.resetModules();
  return {
    errors: await import('./errors.js'),
    storeErrors: await import('../stores/store-errors.js'),
    scriptedModel: await import('../test/scripted-model.js'),
  };
}

describe.each(CASES)('$name: isInstance', ({ name, from, args }) => {
  const Class = from(here);

  it('is true for its own instances and those of a subclass', () => {
    const Subclass = class extends (Class as unknown as new (...args: unknown[]) => Error) {};
    expect(Class.isInstance(make(Class, args))).toBe(true);
    expect(Class.isInstance(new Subclass(...args))).toBe(true);
    expect(errors.PlankeeperError.isInstance(make(Class, args))).toBe(true);
  });

  it('is false for the other error classes, plain errors and non-errors', () => {
    for (const other of CASES) {
      if (other.name === name || name === 'PlankeeperError') continue;
      const otherClass = other.from(here);
      expect(Class.isInstance(make(otherClass, other.args)), other.name).toBe(false);
    }
    for (const value of [new Error('x'), new TypeError('x'), null, undefined, 'x', 1, {}]) {
      expect(Class.isInstance(value)).toBe(false);
    }
  });

  it('is false for a look-alike with the same name and fields but no marker', () => {
    const lookAlike = Object.assign(new Error(make(Class, args).message), { name });
    const SameName = { [name]: class extends Error {} }[name]!;
    expect(SameName.name).toBe(name);
    expect(Class.isInstance(lookAlike)).toBe(false);
    expect(Class.isInstance(new SameName('x'))).toBe(false);
    // A marker must be `true`: a property that merely exists under the key is not one.
    expect(Class.isInstance({ [Symbol.for(markerKey(name))]: 'yes' })).toBe(false);
  });

  it('is true for an error of a second copy of the package, which instanceof misses', async () => {
    const SecondClass = from(await loadSecondCopy());
    const foreign = make(SecondClass, args);
    expect(SecondClass).not.toBe(Class);
    expect(foreign instanceof (Class as unknown as typeof Error)).toBe(false);
    expect(Class.isInstance(foreign)).toBe(true);
    expect(errors.PlankeeperError.isInstance(foreign)).toBe(true);
  });

  it('is true for any object carrying its Symbol.for marker', () => {
    const carrier = { [Symbol.for(markerKey(name))]: true, message: 'from elsewhere' };
    expect(Class.isInstance(carrier)).toBe(true);
  });
});

function markerKey(name: string): string {
  return name === 'PlankeeperError' ? 'plankeeper.error' : `plankeeper.error.${name}`;
}

describe('PlankeeperError subclasses', () => {
  it('each define their own isInstance, or they would match their siblings', () => {
    for (const { name, from } of CASES) {
      expect(Object.hasOwn(from(here), 'isInstance'), name).toBe(true);
    }
  });

  it('keep their messages and names', () => {
    const error = new errors.PlanConflictError('a/b', 3);
    expect(error.name).toBe('PlanConflictError');
    expect(error.message).toBe('Plan "a/b" changed under 3 consecutive writes; giving up.');
  });
});

describe('bad options and arguments throw a ConfigurationError', () => {
  it.each([
    ['a plan limit of 0', () => new PlanEngine({ limits: { maxItems: 0 } }), /maxItems/],
    ['maxIterations of 0', () => createCompletionLoop({ maxIterations: 0 }), /maxIterations/],
    ['nudge.after of 1.5', () => nudgeRule({ after: 1.5 }), /nudge\.after/],
    ['a string with no session part', () => decodePlanKey('agent-only'), /Not a plan key/],
    ['a broken escape', () => decodePlanKey('%E0/session'), /Not a plan key: "%E0\/session"/],
  ])('%s', (_what, mistake, message) => {
    let thrown: unknown;
    try {
      mistake();
    } catch (error) {
      thrown = error;
    }
    expect(errors.ConfigurationError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(message);
  });
});
