import type { TodoItem } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { ACP_TEXTS } from './acp-texts.js';
import { entryText, MAX_ENTRY_CHARS, planEntries } from './plan-entries.js';

const v1 = { cancelledStatus: false, cancelledPrefix: ACP_TEXTS.en.cancelledPrefix };
const v2 = { cancelledStatus: true, cancelledPrefix: ACP_TEXTS.en.cancelledPrefix };

const item = (id: string, content: string, status: TodoItem['status'], extra = {}): TodoItem => ({
  id,
  content,
  status,
  ...extra,
});

describe('planEntries', () => {
  it('maps each status, in progress as high priority, and keeps the id in _meta', () => {
    const entries = planEntries(
      [
        item('1', 'Read', 'completed'),
        item('2', 'Write', 'in_progress'),
        item('3', 'Test', 'pending'),
      ],
      v1,
    );
    expect(entries.map(({ content, priority, status }) => [content, priority, status])).toEqual([
      ['Read', 'medium', 'completed'],
      ['Write', 'high', 'in_progress'],
      ['Test', 'medium', 'pending'],
    ]);
    expect(entries.map((entry) => entry._meta.plankeeper.id)).toEqual(['1', '2', '3']);
  });

  it('shows a cancelled item completed behind the prefix in v1, as cancelled in v2', () => {
    const cancelled = [item('4', 'Port to Windows', 'cancelled', { note: 'out of scope' })];
    expect(planEntries(cancelled, v1)[0]).toEqual({
      content: '(cancelled) Port to Windows',
      priority: 'medium',
      status: 'completed',
      _meta: { plankeeper: { id: '4', status: 'cancelled', note: 'out of scope' } },
    });
    expect(planEntries(cancelled, v2)[0]).toMatchObject({
      content: 'Port to Windows',
      status: 'cancelled',
    });
    const zh = { cancelledStatus: false, cancelledPrefix: ACP_TEXTS.zh.cancelledPrefix };
    expect(planEntries(cancelled, zh)[0]?.content).toBe('（已取消）Port to Windows');
  });

  it('carries blockedBy and owner in _meta', () => {
    const [entry] = planEntries(
      [item('5', 'Deploy', 'pending', { blockedBy: ['3', '4'], owner: 'session-a' })],
      v1,
    );
    expect(entry?._meta.plankeeper).toEqual({
      id: '5',
      status: 'pending',
      blockedBy: ['3', '4'],
      owner: 'session-a',
    });
  });

  it('never gives an entry a client would drop: blank text becomes the id, long text is cut', () => {
    const long = 'x'.repeat(MAX_ENTRY_CHARS * 3);
    const entries = planEntries(
      [item('6', ' \u0000\u200f\n', 'pending'), item('7', long, 'cancelled')],
      v1,
    );
    expect(entries[0]?.content).toBe('#6');
    expect(Array.from(entries[1]?.content ?? '')).toHaveLength(MAX_ENTRY_CHARS);
    expect(entries[1]?.content).toMatch(/^\(cancelled\) x+…$/);
  });
});

describe('entryText', () => {
  it('makes one line without control characters, bidi overrides or lone surrogates', () => {
    expect(entryText('Fix\tthe\r\nparser\u0007 \u2028now')).toBe('Fix the parser now');
    expect(entryText('evil\u202egnp.exe')).toBe('evil gnp.exe');
    expect(entryText('half \ud800 pair')).toBe('half \ufffd pair');
    expect(entryText('emoji 🚀 kept')).toBe('emoji 🚀 kept');
  });

  it('cuts by characters, not UTF-16 units, so a cut never splits a pair', () => {
    const cut = entryText('🚀'.repeat(20), 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut.endsWith('🚀…')).toBe(true);
  });
});
