import type { InProgressEntry, PlanIssue } from '../engine/plan-issue.js';
import { quoteText } from '../engine/render.js';
import { isDependencyIssue } from './dependency-texts.js';
import { enApproval } from './en-approval.js';
import { enChecks } from './en-checks.js';
import { enDependencies } from './en-dependencies.js';
import { enEvidence } from './en-evidence.js';
import { enPerson } from './en-person.js';
import { enPlanFile } from './en-plan-file.js';
import { enShared } from './en-shared.js';
import { enSubAgent } from './en-sub-agent.js';
import type { Locale } from './locale.js';

const ids = (list: readonly string[]) => list.map((id) => `#${id}`).join(', ');

const TYPE_NAMES: Record<string, string> = {
  array: 'an array',
  object: 'an object',
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'null',
  undefined: 'nothing',
  'item id': 'an item id',
  value: 'a value',
  'valid value': 'a valid value',
};

/** zod's and JSON's type names as a sentence says them; allowed values stay as they are. */
function typeName(name: string): string {
  return TYPE_NAMES[name] ?? name;
}

/** An in_progress entry: by id when it is an existing item, else by its place and content. */
function entry(item: InProgressEntry): string {
  return `${item.id === undefined ? `todos[${item.index}]` : `#${item.id}`} ${quoteText(item.content)}`;
}

function issue(issue: PlanIssue, where: string): string {
  if (isDependencyIssue(issue)) return enDependencies.issue(issue, where);
  switch (issue.code) {
    case 'invalid_json':
      return `The arguments are not valid JSON${issue.position === undefined ? '' : ` (at character ${issue.position})`}. Send one JSON object.`;
    case 'trailing_data':
      return `Extra text after the JSON object (from character ${issue.position}). Send exactly one JSON object and nothing after it.`;
    case 'not_object':
      return `The arguments must be a JSON object, not ${typeName(issue.received)}.`;
    case 'missing':
      return where === 'todos'
        ? 'todos is missing. Send {"todos": [...]} with the full list; [] clears it.'
        : `${where} is missing; expected ${typeName(issue.expected)}.`;
    case 'null':
      return where === 'todos'
        ? 'todos is null. Send the full list as an array; [] clears it.'
        : `${where} is null; expected ${typeName(issue.expected)}.`;
    case 'wrong_type':
      return `${where} must be ${typeName(issue.expected)}, not ${typeName(issue.received)}.${issue.encoded ? ' Send the value itself, not JSON text in a string.' : ''}`;
    case 'unknown_field':
      return `${where}: unknown field "${issue.field}".${issue.allowed.length ? ` Allowed: ${issue.allowed.join(', ')}.` : ''}`;
    case 'bad_status':
      return `${where} is ${issue.received}; use pending, in_progress, completed or cancelled.`;
    case 'bad_id':
      return `${where} is ${issue.received}, not an item id. Ids are the numbers shown as #N, e.g. "3".`;
    case 'blank':
      return `${where} is blank; write what the step is.`;
    case 'bad_character':
      return issue.character === 'nul'
        ? `${where} contains a NUL character (U+0000); remove it and resend.`
        : `${where} contains half of a character (a lone UTF-16 surrogate, as from cut-off text); resend it with the whole character, or without it.`;
    case 'too_long':
      return `${where} has ${issue.length} characters; the limit is ${issue.maximum}. Shorten it.`;
    case 'too_many_items':
      return `${where} would hold ${issue.count} items; the limit is ${issue.maximum}. Merge steps or remove finished ones.`;
    case 'empty_list':
      return `${where} is empty; send at least one entry.`;
    case 'multiple_in_progress':
      return `${issue.entries.length} entries are in_progress (${issue.entries.map(entry).join('; ')}); only one may be. Set the others to pending or completed.`;
    case 'duplicate_id':
      return `${where}: #${issue.id} appears more than once; list each item once.`;
    case 'unknown_id':
      return `${where}: there is no item #${issue.id}. ${issue.known.length ? `Current ids: ${ids(issue.known)}.` : 'The list is empty.'}${issue.omitToAdd ? ' Leave id out to add a new item.' : ''}`;
    case 'dropped_open':
      return `Open items ${ids(issue.ids)} are missing from the list. Include them, or set them to completed or cancelled.`;
    case 'changed_by_person':
      return enPerson.changedSinceRead(issue);
    case 'owned_by_other':
      return enShared.ownedByOther(issue);
    case 'alias_conflict':
      return `${where}: content and title differ; send only content.`;
    case 'out_of_range':
      return `${where} is ${issue.received}; the largest allowed is ${issue.maximum}.`;
    case 'too_many_entries':
      return `${where} has ${issue.count} entries; the limit is ${issue.maximum}.`;
    case 'too_deep':
      return `${where} is nested more than ${issue.maximum} levels deep. Send flat entries as the schema shows.`;
    case 'request_too_large':
      return `The arguments are longer than ${issue.maximum} characters. Send only the fields the schema lists, with short texts.`;
    case 'no_evidence':
    case 'completion_refused':
      return enEvidence.issue(issue);
  }
}

export const en: Locale = {
  id: 'en',
  tools: {
    todo_write:
      "Create or replace your todo list for a multi-step task. Send the complete list every time: items left out are removed. Keep an item's id (#N) to keep it. Keep exactly one item in_progress while working; mark items completed as soon as they are done, cancelled if no longer needed. [] clears the list. Skip the list for simple one-step requests.",
    todo_read: 'Show your current todo list with ids and statuses.',
    todos_add: 'Add one or more steps to your todo list. Each gets an id (#N) and starts pending.',
    todos_complete:
      'Mark steps completed by id, each with a short reason saying what shows it is done.',
    todos_remove: 'Remove steps that are no longer needed, by id.',
    todos_get_remaining: 'List the steps not yet completed.',
    todos_get_all: 'List all steps, including completed ones.',
  },
  plan: {
    heading: '### Current todo list',
    empty: 'No todos.',
    after: (list) => ` (after ${ids(list)})`,
    blocked: (open) => ` (blocked: waits for ${ids(open)})`,
    progress: (p) =>
      ` (${p.completed}/${p.total} completed${p.cancelled ? `, ${p.cancelled} cancelled` : ''})`,
  },
  results: {
    rejected: (lines, more) =>
      `Rejected; the todo list is unchanged. Fix and resend:\n${lines.map((line) => `- ${line}`).join('\n')}${more ? `\n- …and ${more} more.` : ''}`,
    written: (p) => `Todo list updated (${p.completed}/${p.total} completed).`,
    cleared: 'Todo list cleared.',
    unchanged: (p) =>
      `Todo list unchanged (${p.completed}/${p.total} completed); it is stored as follows:`,
    dropped: (items, quote) =>
      `Removed open items you left out: ${items.map((item) => `#${item.id} ${quote(item.content)}`).join('; ')}. If still needed, add them back.`,
    added: (list) => `Added ${ids(list)}.`,
    completed: (done, already) =>
      [
        done.length ? `Completed ${ids(done)}.` : '',
        already.length ? `Already completed: ${ids(already)}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    removed: (list) => `Removed ${ids(list)}.`,
    noneRemaining: 'No open items.',
  },
  titles: {
    rejected: (tool) => `${tool}: rejected`,
    progress: (tool, p) => `${tool}: ${p.completed}/${p.total} completed`,
    open: (tool, count) => `${tool}: ${count} open`,
  },
  harness: {
    instructions: [
      'Plan multi-step work with the todo tools.',
      '- First decide whether the request is simple (one step, a direct answer) or complex (several steps, tools or checks). For a simple request, just answer: no todo list.',
      '- For complex work, write the plan before acting, one item per concrete step. If the request is unclear, ask first and plan from the answer.',
      '- Keep exactly one item in_progress. Mark it completed as soon as it is done, then start the next.',
      '- When the user changes the request, change the plan: add, cancel or remove items; clear it when the topic changes.',
      '- Do not finish with items open: complete them, or say plainly what could not be done and why.',
    ].join('\n'),
    leftoverHeading: '### Leftover todo list from an earlier request',
    leftoverAdvice:
      'This list is not part of the current request. Keep items only if they still apply; cancel or remove the rest, or clear the list.',
    changedHeading:
      '### Your todo list was changed outside this conversation (another session, a person or a sub-agent); this is the list now',
    restoredHeading:
      '### Your todo list, shown again after the conversation was compacted or resumed',
    focus: (p, current, open) =>
      `### Current todo list (${p.completed}/${p.total} completed, unchanged)${current ? `\nNow: #${current.id} ${quoteText(current.content)}` : ''}${open.length ? `\nOpen: ${ids(open)}` : ''}`,
    storedIds: (current, open) =>
      `Stored as: ${[current && `now #${current}`, open.length && `open ${ids(open)}`].filter(Boolean).join('; ')}.`,
    reminder: (rounds) =>
      `<reminder>${rounds} tool ${rounds === 1 ? 'round' : 'rounds'} without a todo list update. Check the original request and the remaining items, then update the list.</reminder>`,
    finishCheck: (open, quote) =>
      `Your todo list still has open items: ${open.map((item) => `#${item.id} ${quote(item.content)}`).join('; ')}. Finish them, or mark them completed or cancelled to match what you actually did, then give your final answer.`,
    goalCheck: (task) =>
      `Before finishing, check your answer against the original request point by point:\n${task}\nIf something is missing, fix it now. If part of it cannot be done, say plainly what and why; that is an acceptable answer. Otherwise repeat your final answer.`,
    goalCheckAhead: (task) =>
      `All items are completed or cancelled. Before you answer, check the original request point by point:\n${task}\nDo what is missing first. If part of it cannot be done, say plainly what and why.`,
    continueWork: (open, quote) =>
      `Open items remain: ${open.map((item) => `#${item.id} ${quote(item.content)}`).join('; ')}. Continue with the next one.`,
    honestPartialPatterns: [
      // "I could not test ...", "we were unable to reach ...": the writer about its own work.
      /\b(?:i|we)\s+(?:could\s*not|couldn['’]t|cannot|can['’]t|(?:was|were|am|are)\s+(?:unable|not\s+able)|(?:wasn|weren|aren)['’]t\s+able|(?:have|has)\s*(?:not|n['’]t)\s+been\s+able)\b(?!\s+(?:help|recommend|agree|imagine|wait|stress|emphasi[sz]e)\b)/iu,
      /\b(?:i|we)\s+(?:did\s*not|didn['’]t|have\s*not|haven['’]t)\s+(?:yet\s+)?(?:finish|finished|complete|completed|get\s+to|got\s+to|manage|managed)\b/iu,
      /\b(?:i|we)\s+(?:could\s+)?only\s+(?:partly|partially|managed|got|finished|completed|did|checked|found)\b/iu,
      // "Partly done: ..." opening a sentence reports on the work itself (as 部分完成 does).
      /(?:^|[.!?:]\s+|\n\s*)(?:only\s+)?(?:partly|partially|half)\s+(?:done|complete|completed|finished)\b/iu,
      /\b(?:this|it|the\s+(?:task|work|request))\s+(?:is|was)\s+only\s+(?:partly|partially|half)\s+(?:done|complete|completed|finished)\b/iu,
      /\b(?:not\s+(?:all|everything)|some\s+(?:steps|items|parts))\s+(?:could\s+(?:not\s+)?be|was|were)\s+(?:done|completed|finished)\b/iu,
    ],
  },
  person: enPerson,
  dependencies: enDependencies,
  shared: enShared,
  subAgent: enSubAgent,
  evidence: enEvidence,
  approval: enApproval,
  checks: enChecks,
  planFile: enPlanFile,
  issue,
  typeName,
};
