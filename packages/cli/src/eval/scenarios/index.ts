/** The scenario suite, in report order. */
import type { Scenario } from '../scenario.js';
import { claimsTestsPassScenario } from './claims-tests-pass.js';
import { diligentScenario } from './diligent.js';
import { diligentWithCheckScenario } from './diligent-with-check.js';
import { distractionScenario } from './distraction.js';
import { doneWhileCheckFailsScenario } from './done-while-check-fails.js';
import { neverUpdatesScenario } from './never-updates.js';
import { offTargetScenario } from './off-target.js';
import { parallelWritesScenario } from './parallel-writes.js';
import { stalePlanScenario } from './stale-plan.js';
import { stopsEarlyScenario } from './stops-early.js';
import { ticksWithoutDoingScenario } from './ticks-without-doing.js';
import { writeLoopScenario } from './write-loop.js';

export const SCENARIOS: readonly Scenario[] = [
  distractionScenario,
  neverUpdatesScenario,
  stopsEarlyScenario,
  offTargetScenario,
  stalePlanScenario,
  parallelWritesScenario,
  writeLoopScenario,
  ticksWithoutDoingScenario,
  claimsTestsPassScenario,
  doneWhileCheckFailsScenario,
  diligentScenario,
  diligentWithCheckScenario,
];
