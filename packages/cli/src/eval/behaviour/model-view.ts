/**
 * How a behaviour model reads its input: only the messages it is sent, as a real model
 * would. Harness messages are told apart by the kind tag the agent puts on them, which
 * stands in for reading their words; plan listings are parsed from the text itself, and so
 * is a goal check the harness added to a tool result.
 */
import type { ChatMessage, InjectionKind, Locale, TodoStatus } from 'plankeeper';
import { STATUS_MARKERS, TODO_STATUSES } from 'plankeeper';

type ToolMessage = ChatMessage & { role: 'tool' };

/** An item a plan listing shows as still open, with its text when the listing has it. */
export interface ListedItem {
  id: string;
  content: string | undefined;
}

/** The listing's markers (`[ ]`, `[>]`, …) of these statuses, as regex alternatives. */
function markers(statuses: readonly TodoStatus[]): string {
  return statuses
    .map((status) => STATUS_MARKERS[status].replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
}

/** A listing line of an open item: the marker, then the id (group 2) and the text (3). */
const OPEN_LINE = new RegExp(`^- (${markers(['pending', 'in_progress'])}) #(\\d+) (.*)$`);
/** A listing line of any item: the id (group 1) and the text (2). */
const ANY_LINE = new RegExp(`^- (?:${markers(TODO_STATUSES)}) #(\\d+) (.*)$`);

/** The words the early goal check opens with, before the request it quotes. */
function goalCheckOpening(locale: Locale): string {
  const marker = '\u0000';
  return locale.harness.goalCheckAhead(marker).split(marker)[0] as string;
}

export class ModelView {
  /** Index of the user message that opened the current turn. */
  private readonly turnStart: number;

  constructor(
    readonly messages: readonly ChatMessage[],
    readonly locale: Locale,
  ) {
    this.turnStart = messages.findLastIndex(
      (message) => message.role === 'user' && !message.injected,
    );
  }

  /** The request of the current user turn. */
  get task(): string {
    const message = this.messages[this.turnStart];
    return message?.content ?? '';
  }

  /** 1-based number of the current user turn. */
  get turn(): number {
    return this.messages.filter((message) => message.role === 'user' && !message.injected).length;
  }

  /** Messages of the current turn, from the user's request on. */
  get turnMessages(): readonly ChatMessage[] {
    return this.messages.slice(this.turnStart);
  }

  /** What arrived since the model last spoke: tool results, harness messages, the tail section. */
  get fresh(): readonly ChatMessage[] {
    const last = this.messages.findLastIndex((message) => message.role === 'assistant');
    return this.messages.slice(Math.max(last + 1, this.turnStart));
  }

  /** The model's own replies in this turn. */
  get replies(): number {
    return this.turnMessages.filter((message) => message.role === 'assistant').length;
  }

  /**
   * A harness message of `kind` among the fresh messages. A goal check counts wherever it
   * came: as a message of its own, or added to the result of the write that closed the plan.
   */
  freshInjected(kind: InjectionKind): string | undefined {
    const found = this.fresh.find(
      (message) => message.role === 'user' && message.injected === kind,
    );
    if (found || kind !== 'goal-check') return found?.content;
    const opening = goalCheckOpening(this.locale);
    const result = this.fresh.find(
      (message) => message.role === 'tool' && message.content.includes(opening),
    );
    return result?.content.slice(result.content.indexOf(opening));
  }

  /** The plan section among the fresh messages, unless it is a leftover from an earlier request. */
  get currentPlanSection(): string | undefined {
    const section = this.freshInjected('plan');
    return section !== undefined && !this.isLeftover(section) ? section : undefined;
  }

  /** The fresh plan section when it marks the plan as left over from an earlier request. */
  get leftoverPlanSection(): string | undefined {
    const section = this.freshInjected('plan');
    return section !== undefined && this.isLeftover(section) ? section : undefined;
  }

  /** Results of `tool` in the current turn, oldest first. */
  toolResults(tool: string): ToolMessage[] {
    return this.turnMessages.filter(
      (message): message is ToolMessage => message.role === 'tool' && message.name === tool,
    );
  }

  /** Fresh results of `tool`. */
  freshResults(tool: string): ToolMessage[] {
    return this.fresh.filter(
      (message): message is ToolMessage => message.role === 'tool' && message.name === tool,
    );
  }

  /** Whether `tool` has a successful result in the current turn. */
  did(tool: string): boolean {
    return this.toolResults(tool).some((message) => message.ok);
  }

  /** Index in `messages` of the first message of the current turn matching `test`. */
  indexOf(test: (message: ChatMessage) => boolean): number {
    const index = this.messages.slice(this.turnStart).findIndex(test);
    return index === -1 ? -1 : this.turnStart + index;
  }

  /**
   * Open items listed in `messages`: full listings (`- [ ] #3 text`), the short forms'
   * ids (`Now: #2 …`, `Open: #3, #4`, `Stored as: now #2; open #3`), and finish-check bounces naming open items.
   */
  openItemsListedIn(messages: readonly ChatMessage[]): ListedItem[] {
    const found = new Map<string, ListedItem>();
    for (const message of messages) {
      const kind = message.role === 'user' ? message.injected : undefined;
      const listing =
        kind === 'plan' ||
        (message.role === 'tool' && message.content.includes(this.locale.plan.heading));
      if (listing) {
        const lines = message.content.split('\n');
        for (const line of lines) {
          const full = OPEN_LINE.exec(line);
          if (full) found.set(full[2] as string, { id: full[2] as string, content: full[3] });
        }
        // The short forms (focus, stored ids) name ids without a listing; no heading has one.
        if (!lines.some((line) => ANY_LINE.test(line))) {
          for (const line of lines) {
            for (const match of line.matchAll(/#(\d+)/g)) {
              const id = match[1] as string;
              if (!found.has(id)) found.set(id, { id, content: undefined });
            }
          }
        }
      }
      if (kind === 'finish-check') {
        for (const match of message.content.matchAll(/#(\d+)/g)) {
          const id = match[1] as string;
          if (!found.has(id)) found.set(id, { id, content: undefined });
        }
      }
    }
    return [...found.values()];
  }

  /** Every item (any status) of the last full listing in `messages`. */
  lastListingIn(messages: readonly ChatMessage[]): { id: string; content: string }[] | undefined {
    for (const message of [...messages].reverse()) {
      const items = message.content.split('\n').flatMap((line) => {
        const match = ANY_LINE.exec(line);
        return match ? [{ id: match[1] as string, content: match[2] as string }] : [];
      });
      if (items.length > 0 && (message.role === 'tool' || message.role === 'user')) return items;
    }
    return undefined;
  }

  private isLeftover(section: string): boolean {
    return section.startsWith(this.locale.harness.leftoverHeading);
  }
}
