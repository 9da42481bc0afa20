/** The scenarios a run asks for by id, or all of them; an unknown id is a typed error. */
import { PlankeeperError } from 'plankeeper';
import type { Scenario } from './scenario.js';
import { SCENARIOS } from './scenarios/index.js';

export function selectScenarios(ids: readonly string[] | undefined): Scenario[] {
  if (ids === undefined || ids.length === 0) return [...SCENARIOS];
  return ids.map((id) => {
    const scenario = SCENARIOS.find((candidate) => candidate.id === id);
    if (!scenario) throw new UnknownScenarioError(id);
    return scenario;
  });
}

const unknownScenarioErrorMarker = Symbol.for('plankeeper.error.UnknownScenarioError');

/** A scenario id that is not in the suite. */
export class UnknownScenarioError extends PlankeeperError {
  readonly [unknownScenarioErrorMarker] = true;

  constructor(id: string) {
    super(
      `There is no scenario "${id}". Scenarios: ${SCENARIOS.map((scenario) => scenario.id).join(', ')}.`,
    );
    this.name = 'UnknownScenarioError';
  }

  static override isInstance(value: unknown): value is UnknownScenarioError {
    return PlankeeperError.hasMarker(value, unknownScenarioErrorMarker);
  }
}
