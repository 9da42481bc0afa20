import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  PlanConflictError,
  PlankeeperError,
  PlanRecordError,
} from './errors.js';

describe('PlankeeperError.isInstance', () => {
  it('matches every plankeeper error on the base class, and only its own kind on a subclass', () => {
    const record = new PlanRecordError('a/b', 'corrupt');
    expect(PlankeeperError.isInstance(record)).toBe(true);
    expect(PlanRecordError.isInstance(record)).toBe(true);
    expect(ConfigurationError.isInstance(record)).toBe(false);
    expect(PlanConflictError.isInstance(new ConfigurationError('x'))).toBe(false);
    expect(PlankeeperError.isInstance(new Error('plain'))).toBe(false);
    expect(PlankeeperError.isInstance(null)).toBe(false);
  });

  it('recognises an error from another copy of the package by its marker and class name', () => {
    const marker = Symbol.for('plankeeper.error');
    class PlanRecordError extends Error {
      readonly [marker] = true;
    }
    const foreign = new PlanRecordError('from a duplicate copy');
    expect(PlankeeperError.isInstance(foreign)).toBe(true);
    expect(PlanRecordError.name).toBe('PlanRecordError');
    expect(ConfigurationError.isInstance(foreign)).toBe(false);
  });
});
