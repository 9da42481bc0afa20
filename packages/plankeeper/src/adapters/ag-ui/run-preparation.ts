/**
 * What comes with a run's input before the model is called: the person's edits in
 * `state.plankeeper` (refused whole, changing nothing, when invalid), then their answer to
 * an approval interrupt in `resume`, so a person can edit the plan and approve it as edited.
 */
import type { RunAgentInput } from '@ag-ui/core';
import type { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';
import { getLocale, type LocaleId } from '../../locale/index.js';
import type { AgUiTexts } from './ag-ui-texts.js';
import { approvalAnswer } from './approval-interrupt.js';
import { applyStateEdits } from './state-edits.js';
import { readSentState } from './state-input.js';

/** `answer`: the person's answer to an approval interrupt in `resume`, if the run has one. */
export type Preparation =
  | { ok: true; answer?: 'approved' | 'declined' }
  | { ok: false; error: string };

export async function prepareRun(
  input: Pick<RunAgentInput, 'state' | 'resume'>,
  engine: PlanEngine,
  key: PlanKey,
  options: {
    texts: AgUiTexts;
    locale: LocaleId;
    maxStateBytes: number;
    person?: { name?: string };
  },
): Promise<Preparation> {
  const read = readSentState(input.state, options.texts, options.maxStateBytes);
  if (!read.ok) return read;
  if (read.state) {
    const edited = await applyStateEdits(engine, key, read.state, options);
    if (!edited.ok) return edited;
  }
  const answer = approvalAnswer(input.resume);
  if (!answer) return { ok: true };
  if (!answer.approved) return { ok: true, answer: 'declined' };
  const name = answer.name ?? options.person?.name;
  const approved = await engine.editAsPerson(key, { kind: 'approve' }, name ? { name } : {});
  if (!approved.ok)
    return { ok: false, error: getLocale(options.locale).person.problem(approved.problem) };
  return { ok: true, answer: 'approved' };
}
