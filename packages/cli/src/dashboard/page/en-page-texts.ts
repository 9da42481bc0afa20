/** The dashboard page's texts in English. */
import type { ItemChange } from '../api-types.js';
import { enCheck, toolsOf } from './check-words.js';
import type { PageTexts } from './page-texts-shape.js';

function enChange(change: ItemChange, ref: string): string {
  const note = (text: string | undefined) => (text ? ` — ${text}` : '');
  switch (change.kind) {
    case 'added':
      return ref + change.content + (change.status === 'pending' ? '' : ` (${change.status})`);
    case 'started':
      return `started ${ref}${change.activeForm || change.content}`;
    case 'completed':
      return `completed ${ref}${change.content}${note(change.note)}`;
    case 'cancelled':
      return `cancelled ${ref}${change.content}${note(change.note)}`;
    case 'status':
      return `${ref}${change.from} → ${change.to}: ${change.content}`;
    case 'edited':
      return (
        `edited ${change.fields.join(', ')} of ${ref}${change.content}` +
        (change.fields.includes('content') ? ` (was: ${change.previous})` : '')
      );
    case 'removed':
      return `removed ${ref}${change.content}`;
    case 'dropped':
      return `dropped ${ref}${change.content} while ${change.status.replace('_', ' ')}`;
    case 'moved':
      return `moved ${ref}${change.content}${change.before ? ` before #${change.before}` : ' to the end'}`;
    case 'cleared':
      return `plan cleared (${change.count} ${change.count === 1 ? 'item' : 'items'})`;
    default:
      // A kind from a newer server: shown raw rather than dropped.
      return JSON.stringify(change);
  }
}

export const enPage: PageTexts = {
  htmlLang: 'en',
  shell: {
    title: 'plankeeper · plans',
    filterPlaceholder: 'Filter by agent, session, scope or current step',
    filterLabel: 'Filter plans',
    showLabel: 'Show plans',
    show: {
      all: 'All plans',
      open: 'Open',
      stale: 'Stale',
      leftover: 'Leftover',
      done: 'Done',
      empty: 'Empty',
    },
    connecting: 'connecting…',
    plansLabel: 'Plans',
    columns: {
      agent: 'Agent',
      session: 'Session',
      scope: 'Scope',
      progress: 'Progress',
      now: 'Now',
      state: 'State',
      updated: 'Updated',
    },
    loading: 'Loading…',
    detailLabel: 'Selected plan',
  },
  states: {
    stale: 'stale',
    leftover: 'leftover',
    done: 'done',
    open: 'open',
    empty: 'empty',
    deleted: 'deleted',
  },
  ago: (seconds) => {
    if (seconds < 5) return 'just now';
    if (seconds < 60) return `${seconds}s ago`;
    const minutes = Math.round(seconds / 60);
    if (minutes < 60) return `${minutes}m ago`;
    const hours = Math.round(minutes / 60);
    if (hours < 48) return `${hours}h ago`;
    return `${Math.round(hours / 24)}d ago`;
  },
  list: {
    noPlans: 'No plans yet.',
    noMatch: 'No plan matches the filter.',
    cannotLoad: (message) => `Cannot load plans: ${message}`,
    cannotRefresh: (message) => `Cannot refresh plans: ${message}`,
    summary: (c) =>
      `${c.all ? c.total : `${c.shown} of ${c.total}`} ${c.total === '1' ? 'plan' : 'plans'} · ${c.agents} ${c.agents === '1' ? 'agent' : 'agents'} · ${c.open} open · ${c.stale} stale · ${c.done} done`,
    emptyPlan: 'empty plan',
    allDone: 'all done',
    noneInProgress: (open) => `${open} open, none in progress`,
  },
  live: { on: 'live', refused: 'not live (refused)', reconnecting: 'reconnecting…' },
  serverAnswered: (status) => `The server answered ${status}.`,
  selectHint: 'Select a plan to see its items and history.',
  detail: {
    scope: (text) => `scope: ${text}`,
    updated: (ago) => `updated ${ago}`,
    task: (text) => `Task: ${text}`,
    deletedHint: 'This plan was deleted or expired; its history is below.',
    items: (done, total) => `Items · ${done}/${total} completed`,
    emptyPlan: 'The plan is empty.',
    timeline: 'Timeline · newest first',
    noHistory: 'No history kept.',
    now: (activeForm) => `now: ${activeForm}`,
    note: (text) => `note: ${text}`,
    call: (id) => `call ${id}`,
    by: (name) => (name ? `by ${name}` : 'by a person'),
    owner: (owner, status) =>
      status === 'completed'
        ? `done by ${owner}`
        : status === 'cancelled'
          ? `cancelled by ${owner}`
          : `[${owner}]`,
    writer: (owner) => `written by ${owner}`,
    after: (completed, total) => `${completed}/${total} done`,
    historyNotKept: 'earlier history not kept',
    noItemChanged: 'no item changed',
    verification: (check) =>
      `${check.outcome === 'passed' ? 'verified' : 'check failed'}: ${enCheck(check)}, v${check.version}${check.letThrough ? ', answer let through' : ''}`,
    evidence: (entry) =>
      entry.check
        ? `verified by ${enCheck(entry.check)}, v${entry.check.version}`
        : `evidence: ${toolsOf(entry)}${entry.count > entry.calls.length ? ` (+${entry.count - entry.calls.length} earlier)` : ''}`,
    checkRevision: (check) =>
      `${check.when === 'answer' ? 'check before the answer' : 'check at a completion'}: ${enCheck(check)}${check.letThrough ? ', answer let through' : ''}`,
  },
  actions: {
    done: 'Done',
    cancel: 'Cancel',
    edit: 'Edit',
    note: 'Note',
    add: 'Add',
    approve: 'Approve',
    doneTitle: (ref) => `Mark ${ref} done`,
    cancelTitle: (ref) => `Cancel ${ref}`,
    editTitle: (ref) => `Edit the text of ${ref}`,
    noteTitle: (ref) => `Set the note of ${ref}`,
    upTitle: (ref) => `Move ${ref} up`,
    downTitle: (ref) => `Move ${ref} down`,
    addTitle: 'Add the item',
    approveTitle: 'Approve the plan as it is',
    editBox: (ref) => `New text of ${ref}; Enter saves, Escape cancels`,
    noteBox: (ref) => `Note of ${ref}; Enter saves, Escape cancels`,
    namePlaceholder: 'Your name (shown to the model)',
    nameLabel: 'Your name, recorded with your changes',
    addPlaceholder: 'New item; Enter adds it',
    addLabel: 'New item text; Enter adds it to the end',
    approved: (name) => `Approved${name ? ` by ${name}` : ''}`,
    changedSinceApproval: (name) => `Changed since it was approved${name ? ` by ${name}` : ''}`,
    notApproved: 'Not approved yet',
  },
  change: enChange,
};
