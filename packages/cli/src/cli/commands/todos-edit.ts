/**
 * `plankeeper todos --agent A --session ID --cancel 2` and the other edit flags: a person
 * changes one item of a stored plan. The change goes through the engine (validation,
 * compare-and-set, re-validated after a conflict) and is recorded as the person's, so the
 * model is told on its next call who changed its list. `--approve` approves the plan as
 * it is, for hosts that hold their tools until a person does (the harness's `approval`).
 */
import type { Locale, PlanKey, PlanStore } from 'plankeeper';
import { encodePlanKey, PlanConflictError, PlanEngine } from 'plankeeper';
import type { PersonEdit } from 'plankeeper/stores';
import { maxItemsLimits } from '../../coding-agents/plan-file-max-items.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { printJson, printText } from '../terminal/safe-output.js';
import { approvedLine, storedPlanText } from './todos-view.js';

export interface EditFlags {
  agent?: string;
  session?: string;
  scope?: string;
  add?: string;
  after?: string;
  cancel?: string;
  done?: string;
  reason?: string;
  edit?: string;
  content?: string;
  move?: string;
  before?: string;
  note?: string[];
  approve?: boolean;
  by?: string;
  json?: boolean;
}

const ACTIONS = ['add', 'cancel', 'done', 'edit', 'move', 'note', 'approve'] as const;

/** True when the flags ask for a change rather than a look. */
export function wantsEdit(flags: EditFlags): boolean {
  return ACTIONS.some((action) => flags[action] !== undefined);
}

/** The one change the flags ask for; a CliError (usage) when they ask for none or several. */
export function personEditOf(flags: EditFlags): PersonEdit {
  const given = ACTIONS.filter((action) => flags[action] !== undefined);
  if (given.length !== 1) {
    throw new CliError(
      `give one change at a time; got ${given.map((action) => `--${action}`).join(', ')}.`,
    );
  }
  const only = (allowed: readonly string[]) => {
    for (const extra of ['after', 'reason', 'content', 'before'] as const) {
      if (flags[extra] !== undefined && !allowed.includes(extra)) {
        throw new CliError(`--${extra} does not go with --${given[0]}.`);
      }
    }
  };
  switch (given[0]!) {
    case 'add':
      only(['after']);
      return { kind: 'add', content: flags.add!, ...(flags.after && { after: flags.after }) };
    case 'cancel':
    case 'done': {
      only(['reason']);
      const kind = given[0] as 'cancel' | 'done';
      const id = kind === 'cancel' ? flags.cancel! : flags.done!;
      return { kind, id, ...(flags.reason !== undefined && { reason: flags.reason }) };
    }
    case 'edit':
      only(['content']);
      if (flags.content === undefined) throw new CliError('--edit needs --content TEXT.');
      return { kind: 'edit', id: flags.edit!, content: flags.content };
    case 'move':
      only(['before']);
      if (flags.before === undefined) throw new CliError('--move needs --before ID.');
      return { kind: 'move', id: flags.move!, before: flags.before };
    case 'approve':
      only([]);
      return { kind: 'approve' };
    default: {
      only([]);
      const note = flags.note!;
      if (note.length !== 2)
        throw new CliError('--note takes an item id and a text: --note 2 "why".');
      return { kind: 'note', id: note[0]!, text: note[1]! };
    }
  }
}

/**
 * The plan key the flags name exactly: a change must never guess which plan is meant. Without
 * --agent, the session (and scope) must name exactly one stored plan, as when showing it.
 */
export async function editKey(flags: EditFlags, store: PlanStore): Promise<PlanKey> {
  if (flags.session === undefined) {
    throw new CliError('a change needs --session (and --scope for a sub-agent plan).');
  }
  const scope = flags.scope ? flags.scope.split('/') : undefined;
  if (flags.agent !== undefined) {
    return { agent: flags.agent, session: flags.session, ...(scope && { scope }) };
  }
  const matches = (await store.list({ session: flags.session })).filter(
    (listing) => (listing.key.scope ?? []).join('/') === (flags.scope ?? ''),
  );
  if (matches.length === 1) return matches[0]!.key;
  throw new CliError(
    matches.length === 0
      ? `no plan for session "${flags.session}" to change; give --agent to start one.`
      : `session "${flags.session}" has plans of several agents (${matches.map((match) => match.key.agent).join(', ')}); pick one with --agent.`,
  );
}

/** Applies the change and prints the plan as it now is; a refused change is a CliError. */
export async function editPlan(
  store: PlanStore,
  key: PlanKey,
  edit: PersonEdit,
  flags: EditFlags,
  locale: Locale,
  /** A plan file's own `--max-items`; unset: the engine's default. */
  maxItems?: number,
): Promise<number> {
  const engine = new PlanEngine({ store, recentPlans: 0, ...maxItemsLimits(maxItems) });
  let outcome: Awaited<ReturnType<PlanEngine['editAsPerson']>>;
  try {
    outcome = await engine.editAsPerson(
      key,
      edit,
      flags.by === undefined ? {} : { name: flags.by },
    );
  } catch (error) {
    if (!PlanConflictError.isInstance(error)) throw error;
    throw new CliError(
      'other writers kept changing this plan, so nothing was changed; run the command again.',
      EXIT.runFailed,
    );
  }
  if (!outcome.ok) throw new CliError(locale.person.problem(outcome.problem), EXIT.usage);
  const { snapshot } = outcome;
  if (flags.json)
    printJson(process.stdout, { key, version: snapshot.version, items: snapshot.items });
  else {
    // An approval is said in one line first: the plan below is what the person approved.
    const said =
      edit.kind === 'approve'
        ? `${approvedLine(locale, encodePlanKey(key), snapshot.version, snapshot.approval?.name)}\n`
        : '';
    printText(
      process.stdout,
      `${said}${encodePlanKey(key)}  v${snapshot.version}\n${storedPlanText(snapshot.items, locale)}\n`,
    );
  }
  return EXIT.ok;
}
