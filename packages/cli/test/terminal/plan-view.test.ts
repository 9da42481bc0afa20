import type { TodoItem } from 'plankeeper';
import { getLocale, renderPlan } from 'plankeeper';
import { sleep } from 'plankeeper/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlanView, type PlanView } from '../../src/cli/terminal/index.js';
import { textWidth } from '../../src/cli/terminal/text-width.js';

import { fakeStream } from './virtual-terminal.js';

const zh = getLocale('zh');

const ESC = '\u001b';

const plan: TodoItem[] = [
  { id: '1', content: 'Look up the return policy', status: 'completed', note: 'section 4.2' },
  {
    id: '2',
    content: 'Draft the answer',
    status: 'in_progress',
    activeForm: 'Drafting the answer',
  },
  { id: '3', content: 'Check the order date', status: 'pending' },
  { id: '4', content: 'Call the warehouse', status: 'cancelled' },
  { id: '5', content: 'Send the answer', status: 'pending' },
];

const views: PlanView[] = [];
function view(options: Parameters<typeof createPlanView>[0]) {
  const created = createPlanView(options);
  views.push(created);
  return created;
}
afterEach(() => {
  for (const created of views.splice(0)) created.stop();
  vi.useRealTimers();
});

describe('live plan view on a terminal', () => {
  it('draws the plan with a progress bar and the activeForm of the item in progress', () => {
    const stream = fakeStream({ isTTY: true, columns: 80 });
    const live = view({ stream, env: {} });
    expect(live.interactive).toBe(true);
    live.update(plan);
    expect(stream.terminal.screen).toEqual([
      'Current todo list [##--------] 1/5',
      '  [x] #1 Look up the return policy — section 4.2',
      '  [⠋] #2 Drafting the answer',
      '  [ ] #3 Check the order date',
      '  [-] #4 Call the warehouse',
      '  [ ] #5 Send the answer',
    ]);
    expect(stream.output).toContain(`${ESC}[32m##${ESC}[39m`);
  });

  it('redraws in place: moves the cursor up over the old block instead of appending', () => {
    const stream = fakeStream({ isTTY: true });
    const live = view({ stream, env: {} });
    live.update(plan);
    const next = plan.map((item) =>
      item.id === '2' ? { ...item, status: 'completed' as const, note: 'drafted' } : item,
    );
    live.update(next);
    // The second draw starts by going up the six lines the first one drew.
    expect(stream.writes[1]?.startsWith(`${ESC}[6A\r`)).toBe(true);
    expect(stream.terminal.screen).toEqual([
      'Current todo list [####------] 2/5',
      '  [x] #1 Look up the return policy — section 4.2',
      '  [x] #2 Draft the answer — drafted',
      '  [ ] #3 Check the order date',
      '  [-] #4 Call the warehouse',
      '  [ ] #5 Send the answer',
    ]);
    // A shorter plan clears what is left of the longer one below it.
    live.update([{ id: '1', content: 'Only one', status: 'pending' }]);
    expect(stream.terminal.screen).toEqual([
      'Current todo list [----------] 0/1',
      '  [ ] #1 Only one',
    ]);
  });

  it('animates a spinner on a timer that does not keep the process alive', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout');
    const timersBefore = timers().length;
    const stream = fakeStream({ isTTY: true });
    const live = view({ stream, env: {}, spinnerMs: 5, color: false });
    live.update(plan);
    expect(timers().length).toBe(timersBefore);
    await sleep(80);
    const frames = new Set(
      [...stream.output.matchAll(/\[(.)\] #2 Drafting the answer/gu)].map((match) => match[1]),
    );
    expect(frames.size).toBeGreaterThan(2);
    live.stop();
    const writes = stream.writes.length;
    // Stopped: the spinner is gone and the marker is back; no more frames arrive.
    expect(stream.terminal.screen[2]).toBe('  [>] #2 Drafting the answer');
    await sleep(30);
    expect(stream.writes.length).toBe(writes);
  });

  it('stops spinning when nothing is in progress', async () => {
    const stream = fakeStream({ isTTY: true });
    const live = view({ stream, env: {}, spinnerMs: 5 });
    live.update(plan);
    live.update(plan.map((item) => ({ ...item, status: 'pending' as const })));
    const writes = stream.writes.length;
    await sleep(40);
    expect(stream.writes.length).toBe(writes);
  });

  it('prints log lines above the block without corrupting it', () => {
    const stream = fakeStream({ isTTY: true });
    const live = view({ stream, env: {}, color: false });
    stream.write('before the plan\n');
    live.update(plan.slice(0, 2));
    live.logLine('→ search_docs {"query": "returns"}');
    live.logLine('← 3 results');
    live.update(plan.slice(0, 3));
    expect(stream.terminal.screen).toEqual([
      'before the plan',
      '→ search_docs {"query": "returns"}',
      '← 3 results',
      'Current todo list [###-------] 1/3',
      '  [x] #1 Look up the return policy — section 4.2',
      '  [⠋] #2 Drafting the answer',
      '  [ ] #3 Check the order date',
    ]);
    // color: false — cursor movement only, no colour codes.
    expect(stream.output).not.toMatch(/\u001b\[[0-9;]*m/);
  });

  it('shows escape sequences in model text instead of obeying them', () => {
    const stream = fakeStream({ isTTY: true });
    const live = view({ stream, env: {}, color: false });
    live.update([
      { id: '1', content: `Evil ${ESC}[2J${ESC}[31mred`, status: 'pending' },
      { id: '2', content: 'line\nbreak', status: 'pending' },
    ]);
    live.logLine(`tool said ${ESC}[1A\rgotcha`);
    expect(stream.terminal.screen).toEqual([
      'tool said \\u001b[1A\\u000dgotcha',
      'Current todo list [----------] 0/2',
      '  [ ] #1 "Evil \\u001b[2J\\u001b[31mred"',
      '  [ ] #2 "line\\nbreak"',
    ]);
  });

  it('cuts lines to the terminal width, counting wide characters as two cells', () => {
    const stream = fakeStream({ isTTY: true, columns: 30 });
    const live = view({ stream, env: {}, locale: zh, color: false });
    live.update([
      { id: '1', content: '查找退货政策并核对订单日期和仓库记录', status: 'in_progress' },
      { id: '2', content: 'A very long English step that cannot fit', status: 'pending' },
    ]);
    const screen = stream.terminal.screen;
    expect(screen).toHaveLength(3);
    for (const line of screen) expect(textWidth(line)).toBeLessThanOrEqual(29);
    expect(screen[1]).toMatch(/^ {2}\[⠋\] #1 查找.*…$/);
    expect(screen[2]).toMatch(/^ {2}\[ \] #2 A very long.*…$/);
  });

  it('folds finished items when the plan is taller than the terminal', () => {
    const stream = fakeStream({ isTTY: true, rows: 5 });
    const live = view({ stream, env: {}, color: false });
    live.update(plan);
    expect(stream.terminal.screen).toEqual([
      'Current todo list [##--------] 1/5',
      '  … 2 done',
      '  [⠋] #2 Drafting the answer',
      '  … 2 more',
    ]);
  });
});

describe('plain plan view', () => {
  it('prints the plain rendering only when the plan changes, with no escape codes under NO_COLOR', () => {
    const stream = fakeStream({ isTTY: true });
    const plain = view({ stream, env: { NO_COLOR: '1' } });
    expect(plain.interactive).toBe(false);
    plain.update(plan);
    plain.update(plan.map((item) => ({ ...item })));
    plain.logLine('a log line');
    const done = plan.map((item) => ({ ...item, status: 'completed' as const }));
    plain.update(done);
    plain.stop();
    plain.update([]);
    expect(stream.output).toBe(
      `${renderPlan(plan, { locale: getLocale('en'), notes: true })}\na log line\n${renderPlan(done, { locale: getLocale('en'), notes: true })}\n`,
    );
    expect(stream.output).not.toContain(ESC);
    expect(stream.output).toContain('- [>] #2 Draft the answer');
  });

  it('uses the plain form when the stream is not a terminal', async () => {
    vi.useFakeTimers();
    const stream = fakeStream({ isTTY: false });
    const plain = view({ stream, env: {}, locale: 'zh' });
    plain.update(plan);
    await vi.advanceTimersByTimeAsync(1000);
    plain.logLine(`escape ${ESC}[31m kept out`);
    expect(stream.writes).toHaveLength(2);
    expect(stream.output).toBe(
      `${renderPlan(plan, { locale: zh, notes: true })}\nescape \\u001b[31m kept out\n`,
    );
    expect(stream.output).not.toContain(ESC);
  });

  it('treats TERM=dumb as not interactive and an empty NO_COLOR as unset', () => {
    expect(view({ stream: fakeStream({ isTTY: true }), env: { TERM: 'dumb' } }).interactive).toBe(
      false,
    );
    expect(view({ stream: fakeStream({ isTTY: true }), env: { NO_COLOR: '' } }).interactive).toBe(
      true,
    );
  });
});
