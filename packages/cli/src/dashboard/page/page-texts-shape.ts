/** The shape of the dashboard page's texts: one of these per language. */
import type { CheckRecord } from 'plankeeper/checks';
import type { CompletionEvidence } from 'plankeeper/harness';
import type { ItemChange } from '../api-types.js';

export type PageState = 'stale' | 'leftover' | 'done' | 'open' | 'empty' | 'deleted';

export interface PageTexts {
  /** `<html lang>`; the page script tells the languages apart by it. */
  htmlLang: string;
  shell: {
    title: string;
    filterPlaceholder: string;
    filterLabel: string;
    showLabel: string;
    show: Record<'all' | 'open' | 'stale' | 'leftover' | 'done' | 'empty', string>;
    connecting: string;
    plansLabel: string;
    columns: Record<
      'agent' | 'session' | 'scope' | 'progress' | 'now' | 'state' | 'updated',
      string
    >;
    loading: string;
    detailLabel: string;
  };
  states: Record<PageState, string>;
  ago(seconds: number): string;
  list: {
    noPlans: string;
    noMatch: string;
    cannotLoad(message: string): string;
    cannotRefresh(message: string): string;
    summary(counts: {
      shown: string;
      total: string;
      all: boolean;
      agents: string;
      open: string;
      stale: string;
      done: string;
    }): string;
    emptyPlan: string;
    allDone: string;
    noneInProgress(open: number): string;
  };
  live: { on: string; refused: string; reconnecting: string };
  serverAnswered(status: number): string;
  selectHint: string;
  detail: {
    scope(text: string): string;
    updated(ago: string): string;
    /** The request the plan serves, as its host kept it. */
    task(text: string): string;
    deletedHint: string;
    items(done: number, total: number): string;
    emptyPlan: string;
    timeline: string;
    noHistory: string;
    now(activeForm: string): string;
    note(text: string): string;
    call(id: string): string;
    by(name: string | undefined): string;
    /** In a shared list: the session an item in progress belongs to, or that finished it. */
    owner(owner: string, status: string): string;
    /** In a shared list: the session that wrote a revision. */
    writer(owner: string): string;
    after(completed: number, total: number): string;
    historyNotKept: string;
    noItemChanged: string;
    /** The plan's last check: `verified: npm test → exit 0 in 12.3 s, v7`, or a failed one. */
    verification(check: CheckRecord): string;
    /** What a completed item's completion kept: the check that let it through, or the calls. */
    evidence(entry: CompletionEvidence): string;
    /** A `host:check` revision, named as the check it was, with how it ended. */
    checkRevision(check: CheckRecord): string;
  };
  actions: {
    done: string;
    cancel: string;
    edit: string;
    note: string;
    add: string;
    approve: string;
    doneTitle(ref: string): string;
    cancelTitle(ref: string): string;
    editTitle(ref: string): string;
    noteTitle(ref: string): string;
    upTitle(ref: string): string;
    downTitle(ref: string): string;
    addTitle: string;
    approveTitle: string;
    editBox(ref: string): string;
    noteBox(ref: string): string;
    namePlaceholder: string;
    nameLabel: string;
    addPlaceholder: string;
    addLabel: string;
    approved(name: string | null): string;
    changedSinceApproval(name: string | null): string;
    notApproved: string;
  };
  /** One timeline line's words for a change (the sign is the page's). */
  change(change: ItemChange, ref: string): string;
}
