/**
 * Every string the model or a person sees, per language. Each language implements the
 * whole interface, so a missing translation is a type error rather than a fallback.
 */
import type { PlanIssue } from '../engine/plan-issue.js';
import type { PlanTexts } from '../engine/render.js';
import type { PlanProgress, TodoItem } from '../engine/todo-item.js';
import type { ApprovalTexts } from './approval-texts.js';
import type { CheckTexts } from './check-texts.js';
import type { DependencyTexts } from './dependency-texts.js';
import type { EvidenceTexts } from './evidence-texts.js';
import type { PersonTexts } from './person-texts.js';
import type { PlanFileTexts } from './plan-file-texts.js';
import type { SharedTexts } from './shared-texts.js';
import type { SubAgentTexts } from './sub-agent-texts.js';

export type LocaleId = 'en' | 'zh';

export const LOCALE_IDS: readonly LocaleId[] = ['en', 'zh'];

export interface PlanToolTexts {
  todo_write: string;
  todo_read: string;
  todos_add: string;
  todos_complete: string;
  todos_remove: string;
  todos_get_remaining: string;
  todos_get_all: string;
}

export interface Locale {
  id: LocaleId;
  /** Tool descriptions shown to the model. */
  tools: PlanToolTexts;
  plan: PlanTexts;
  results: {
    rejected(issueLines: readonly string[], more: number): string;
    written(progress: PlanProgress): string;
    cleared: string;
    /** A whole-list write that changed nothing; the stored list follows it. */
    unchanged(progress: PlanProgress): string;
    dropped(items: readonly TodoItem[], quote: (text: string) => string): string;
    added(ids: readonly string[]): string;
    completed(ids: readonly string[], alreadyCompleted: readonly string[]): string;
    removed(ids: readonly string[]): string;
    noneRemaining: string;
  };
  /** A few words naming a result, for logs and timelines: the tool's name, then what came of it. */
  titles: {
    rejected(tool: string): string;
    progress(tool: string, progress: PlanProgress): string;
    open(tool: string, count: number): string;
  };
  harness: {
    /** Default system-prompt guidance on when and how to plan. */
    instructions: string;
    /** Heading of a plan left from an earlier user turn. */
    leftoverHeading: string;
    /** What to do with a leftover plan. */
    leftoverAdvice: string;
    /**
     * Heading of a plan that changed since the model last saw it, by a writer other than the
     * model itself (another session, a person, a sub-agent); the full list follows.
     */
    changedHeading: string;
    /** Heading of the plan shown again after the context was compacted, cleared or resumed. */
    restoredHeading: string;
    /** One-line form of a plan the model has already seen unchanged. */
    focus(
      progress: PlanProgress,
      current: TodoItem | undefined,
      openIds: readonly string[],
    ): string;
    /** The stored ids of the current and open items, right after the model wrote the list itself. */
    storedIds(currentId: string | undefined, openIds: readonly string[]): string;
    /** Nudge after `rounds` tool rounds without a successful plan update. */
    reminder(rounds: number): string;
    /** Bounce of a final answer while items written this turn are still open. */
    finishCheck(open: readonly TodoItem[], quote: (text: string) => string): string;
    /** One-time request to check the answer against the original request. */
    goalCheck(task: string): string;
    /**
     * The goal check where it costs no extra call: appended to the result of the plan write
     * that closed every item, before the model answers.
     */
    goalCheckAhead(task: string): string;
    /** Next-iteration prompt of an autonomous run while items are open. */
    continueWork(open: readonly TodoItem[], quote: (text: string) => string): string;
    /**
     * Patterns of an honest "I could not / only partly did it" statement about the work.
     * Statements, not words: "cannot" alone also matches ordinary answers ("opened
     * software cannot be returned"), which would skip the goal check.
     */
    honestPartialPatterns: readonly RegExp[];
  };
  /** A person's changes: what the model is told, what a refused change says. */
  person: PersonTexts;
  /** Item dependencies (`blockedBy`): field descriptions, notes and rejections. */
  dependencies: DependencyTexts;
  /** Shared lists: another session's item, and the others' work under the plan. */
  shared: SharedTexts;
  /** A sub-agent on one of the plan's items: its progress, how it ended, a refused delegation. */
  subAgent: SubAgentTexts;
  /** The evidence rule and completion verifiers: refusals, warnings, built-in checks. */
  evidence: EvidenceTexts;
  /** A plan that waits for a person's approval: held calls, and the approval's notice. */
  approval: ApprovalTexts;
  /** The person's checks before an answer: the refusal, the person's notice, the summary. */
  checks: CheckTexts;
  /** An edit of the plan file by the model's own file or shell tools: refused. */
  planFile: PlanFileTexts;
  /** One corrective line per rejected field. */
  issue(issue: PlanIssue, where: string): string;
  /** A type name from zod or JSON ("array", "int") as this language says it ("an array"). */
  typeName(name: string): string;
}
