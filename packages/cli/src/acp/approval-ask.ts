/**
 * `plankeeper acp --approval` in an editor that elicits forms: when a followed session's plan
 * waits for a person's approval, the proxy itself asks the editor (`elicitation/create`),
 * showing the plan's steps. Accepting records the approval in the store as
 * `plankeeper todos --approve` does (a person's act, with the name they gave); declining or
 * closing leaves the plan waiting, for `plankeeper todos --approve` or the dashboard.
 *
 * The proxy's requests have string ids with the `plankeeper-` prefix, so they cannot be
 * taken for the agent's; their responses are consumed here and never reach the agent. One
 * question per plan version that waits, and none while one is open for the same plan.
 */
import {
  encodePlanKey,
  PlanEngine,
  type PlanKey,
  type PlanSnapshot,
  type PlanStore,
  type TodoItem,
} from 'plankeeper';
import { approvalWait } from 'plankeeper/rules';
import type { AcpTexts } from './acp-texts.js';
import { parseLine } from './line-splicer.js';
import { entryText } from './plan-entries.js';

/** A stored plan record (the core exports the store, not this type). */
type PlanRecord = NonNullable<Awaited<ReturnType<PlanStore['get']>>>['record'];

/** The prefix of the proxy's own JSON-RPC ids (an agent's ids are its own numbers or strings). */
export const OWN_ID_PREFIX = 'plankeeper-approve-';

export interface ApprovalAskOptions {
  store: () => Promise<PlanStore>;
  /** Writes one whole request line to the editor, between messages. */
  send: (line: string) => void;
  log: (line: string) => void;
  texts: AcpTexts;
}

interface OpenQuestion {
  sessionId: string;
  key: PlanKey;
  steps: string;
}

/** Whether the client's `initialize` params advertise form elicitation. */
export function clientElicitsForms(params: unknown): boolean {
  const capabilities = (params as { clientCapabilities?: unknown } | undefined)
    ?.clientCapabilities as { elicitation?: { form?: unknown } | null } | undefined;
  const form = capabilities?.elicitation?.form;
  return form !== null && typeof form === 'object';
}

/** True when a host holds its tools for this plan and a person has not approved it. */
export function waitsForPerson(record: PlanRecord): boolean {
  const rule = record.approvalRule;
  if (rule === undefined) return false;
  const wait = approvalWait(record as unknown as PlanSnapshot, rule);
  return wait === 'unapproved' || wait === 'changed';
}

export class ApprovalAsk {
  /** Set from `initialize`: `--approval` and a client that elicits forms. */
  enabled = false;
  private next = 1;
  private readonly open = new Map<string, OpenQuestion>();
  /** The version last asked about, per plan, so a version is asked about once. */
  private readonly asked = new Map<string, number>();

  constructor(private readonly options: ApprovalAskOptions) {}

  /** A followed session's plan as it now is: asks the editor when it waits for a person. */
  seen(sessionId: string, key: PlanKey, version: number, record: PlanRecord | null): void {
    if (!this.enabled) return;
    const name = encodePlanKey(key);
    // A deleted plan starts again at version 1, which is then a new plan to ask about.
    if (!record) this.asked.delete(name);
    if (!record || !waitsForPerson(record)) return;
    if (this.asked.get(name) === version || this.isOpen(name)) return;
    this.asked.set(name, version);
    const id = `${OWN_ID_PREFIX}${this.next++}`;
    this.open.set(id, { sessionId, key, steps: stepsOf(record.items) });
    const steps = liveItems(record.items).map((item) => entryText(item.content) || `#${item.id}`);
    const { texts } = this.options;
    const params = {
      sessionId,
      mode: 'form',
      message: texts.approvalQuestion(steps),
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string', title: texts.approverName } },
        required: [],
      },
    };
    this.options.send(
      `${JSON.stringify({ jsonrpc: '2.0', id, method: 'elicitation/create', params })}\n`,
    );
  }

  /** True when `line` answers one of the proxy's questions: it is handled here, not forwarded. */
  consumes(line: Buffer): boolean {
    if (this.open.size === 0 || !line.includes(OWN_ID_PREFIX)) return false;
    const message = parseLine(line);
    if (!message || 'method' in message || typeof message.id !== 'string') return false;
    const question = this.open.get(message.id);
    if (!question) return false;
    this.open.delete(message.id);
    this.answered(question, message).catch((error: unknown) => this.failed(error));
    return true;
  }

  private async answered(question: OpenQuestion, message: Record<string, unknown>) {
    const { texts } = this.options;
    if (message.error !== undefined) {
      const error = message.error as { message?: unknown } | null;
      return this.failed(typeof error?.message === 'string' ? error.message : 'error');
    }
    const result = (message.result ?? {}) as { action?: unknown; content?: unknown };
    if (result.action !== 'accept') return this.options.log(texts.notApproved);
    const store = await this.options.store();
    const stored = await store.get(question.key);
    if (!stored || stepsOf(stored.record.items) !== question.steps) {
      // Never approve steps the person was not shown: ask about the plan as it is now.
      this.options.log(texts.changedWhileAsked);
      if (stored) this.seen(question.sessionId, question.key, stored.version, stored.record);
      return;
    }
    const name = nameOf(result.content);
    const engine = new PlanEngine({ store, recentPlans: 0 });
    const outcome = await engine.editAsPerson(
      question.key,
      { kind: 'approve' },
      name === undefined ? {} : { name },
    );
    if (!outcome.ok) return this.failed(outcome.problem.code);
    this.options.log(texts.approved(name));
  }

  private isOpen(name: string): boolean {
    for (const question of this.open.values()) {
      if (encodePlanKey(question.key) === name) return true;
    }
    return false;
  }

  private failed(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.options.log(this.options.texts.approvalFailed(entryText(reason, 200)));
  }
}

function liveItems(items: readonly TodoItem[]): TodoItem[] {
  return items.filter((item) => item.status !== 'cancelled');
}

/** What the person is shown of the plan; a change to it means they approved something else. */
function stepsOf(items: readonly TodoItem[]): string {
  return JSON.stringify(liveItems(items).map((item) => [item.id, item.content]));
}

/** The approver's name from the form, one clean line, or undefined when none was given. */
function nameOf(content: unknown): string | undefined {
  const name = (content as { name?: unknown } | null | undefined)?.name;
  if (typeof name !== 'string') return undefined;
  // The engine keeps at most 80 characters of a name; a longer one would refuse the approval.
  const clean = entryText(name, 80);
  return clean === '' ? undefined : clean;
}
