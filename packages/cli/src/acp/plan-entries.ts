/**
 * A stored plan as ACP plan entries `{content, priority, status, _meta}`. A client drops an
 * entry it cannot read without saying so, so every entry is made one it reads: text on one
 * line, without control characters or lone surrogates, never blank, at most
 * {@link MAX_ENTRY_CHARS} characters. ACP v1 has no `cancelled`: such an item is shown
 * completed behind a prefix the person reads ("(cancelled) "), so it is not taken for done.
 */
import type { TodoItem } from 'plankeeper';

/** Long enough for any plan item; short enough for every panel. */
export const MAX_ENTRY_CHARS = 500;

export type AcpEntryStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled';

export interface AcpPlanEntry {
  content: string;
  priority: 'high' | 'medium' | 'low';
  status: AcpEntryStatus;
  _meta: { plankeeper: AcpEntryMeta };
}

/** What the panel has no field for, kept where a client may show it. */
export interface AcpEntryMeta {
  id: string;
  /** The item's own status, `cancelled` included, whatever the entry shows. */
  status: TodoItem['status'];
  blockedBy?: string[];
  owner?: string;
  /** Why it was completed or cancelled: the evidence the model gave. */
  note?: string;
}

export interface EntryOptions {
  /** Whether the client's plan has a `cancelled` status (ACP v2). */
  cancelledStatus: boolean;
  cancelledPrefix: string;
}

// C0 and C1 controls and DEL; line and paragraph separators; bidi controls that reorder text;
// invisible format characters, so text made of them alone counts as blank.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]+/g;

// Half of a surrogate pair: JSON with one is invalid UTF-8 to a strict reader, which drops the entry.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` as one clean line, cut to `max` characters (a cut ends in "…"). */
export function entryText(text: string, max = MAX_ENTRY_CHARS): string {
  const clean = text
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(CONTROL, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(clean);
  return characters.length <= max ? clean : `${characters.slice(0, max - 1).join('')}…`;
}

export function planEntries(items: readonly TodoItem[], options: EntryOptions): AcpPlanEntry[] {
  return items.map((item) => planEntry(item, options));
}

function planEntry(item: TodoItem, options: EntryOptions): AcpPlanEntry {
  const cancelledShown = item.status === 'cancelled' && !options.cancelledStatus;
  const prefix = cancelledShown ? options.cancelledPrefix : '';
  const text = entryText(item.content, MAX_ENTRY_CHARS - Array.from(prefix).length);
  const meta: AcpEntryMeta = { id: item.id, status: item.status };
  if (item.blockedBy && item.blockedBy.length > 0) meta.blockedBy = [...item.blockedBy];
  if (item.owner !== undefined) meta.owner = item.owner;
  if (item.note !== undefined) meta.note = entryText(item.note);
  return {
    content: `${prefix}${text === '' ? `#${item.id}` : text}`,
    priority: item.status === 'in_progress' ? 'high' : 'medium',
    status: cancelledShown ? 'completed' : item.status,
    _meta: { plankeeper: meta },
  };
}
