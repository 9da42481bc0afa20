/**
 * Every text the dashboard shows a person — the page's and the server's refusals — per
 * language, reviewed as one file each; and the server answers in its `lang`.
 */
import { PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import type { ItemChange } from '../../src/dashboard/api-types.js';
import { dashboardTexts } from '../../src/dashboard/dashboard-texts.js';
import { createDashboardServer } from '../../src/dashboard/index.js';
import { pageTexts } from '../../src/dashboard/page/page-texts.js';

const CHANGES: ItemChange[] = [
  { kind: 'added', id: '4', content: 'Tell the customer', status: 'pending' },
  { kind: 'added', id: '5', content: 'Check', status: 'in_progress' },
  { kind: 'started', id: '1', content: 'Find the bug', activeForm: 'Finding the bug' },
  { kind: 'completed', id: '1', content: 'Find the bug', note: 'found' },
  { kind: 'cancelled', id: '3', content: 'Write docs' },
  { kind: 'status', id: '2', content: 'Fix it', from: 'completed', to: 'pending' },
  {
    kind: 'edited',
    id: '2',
    content: 'Fix it well',
    fields: ['content', 'note'],
    previous: 'Fix it',
  },
  { kind: 'removed', id: '6', content: 'Old step', status: 'pending' },
  { kind: 'dropped', id: '7', content: 'Open step', status: 'in_progress' },
  { kind: 'moved', id: '4', content: 'Tell the customer', before: '3' },
  { kind: 'moved', id: '4', content: 'Tell the customer' },
  { kind: 'cleared', count: 4 },
  { kind: 'cleared', count: 1 },
];

const CHECK = { command: 'npm test', durationMs: 12_345, tail: '', at: 0 };
const PASSED = { ...CHECK, outcome: 'passed' as const };
const FAILED = { ...CHECK, outcome: 'failed' as const, exit: 1, tail: 'FAIL a.test.ts' };
const TIMED_OUT = { ...CHECK, outcome: 'timed-out' as const, durationMs: 300_000 };
const CANNOT_START = { ...CHECK, outcome: 'cannot-start' as const, exit: 127 };
const KILLED = { ...CHECK, outcome: 'failed' as const, exit: 'SIGKILL' };
const CALL = (tool: string) => ({ tool, at: 0 });

describe.each(['en', 'zh'] as const)('dashboard texts (%s)', (lang) => {
  it('match the reviewed text', async () => {
    const page = pageTexts(lang);
    const server = dashboardTexts(lang);
    const { actions: a, detail: d, list: l } = page;
    const sections = [
      `# Dashboard texts (${lang})`,
      '## Page shell',
      JSON.stringify(page.shell, null, 2),
      '## States and ages',
      Object.values(page.states).join(' · '),
      [3, 30, 300, 7200, 200_000].map(page.ago).join(' · '),
      '## Plan list',
      [
        l.noPlans,
        l.noMatch,
        l.cannotLoad('offline'),
        l.cannotRefresh('offline'),
        l.summary({
          shown: '2',
          total: '3',
          all: false,
          agents: '1',
          open: '2',
          stale: '1',
          done: '1',
        }),
        l.summary({
          shown: '3',
          total: '3',
          all: true,
          agents: '1',
          open: '2',
          stale: '1',
          done: '1',
        }),
        l.summary({
          shown: '1',
          total: '1',
          all: true,
          agents: '1',
          open: '1',
          stale: '0',
          done: '0',
        }),
        l.emptyPlan,
        l.allDone,
        l.noneInProgress(2),
        page.live.on,
        page.live.refused,
        page.live.reconnecting,
        page.serverAnswered(502),
        page.selectHint,
      ].join('\n'),
      '## Plan detail',
      [
        d.scope('sub-1'),
        d.updated(page.ago(30)),
        d.task('Fix the login bug'),
        d.deletedHint,
        d.items(1, 3),
        d.emptyPlan,
        d.timeline,
        d.noHistory,
        d.now('Finding the bug'),
        d.note('found'),
        d.call('call_7'),
        d.by('Ana'),
        d.by(undefined),
        d.owner('sess-b', 'in_progress'),
        d.owner('sess-b', 'completed'),
        d.owner('sess-b', 'cancelled'),
        d.writer('sess-b'),
        d.after(1, 3),
        d.historyNotKept,
        d.noItemChanged,
      ].join('\n'),
      '## Verification',
      [
        d.verification({ ...PASSED, version: 7, when: 'answer' }),
        d.verification({ ...FAILED, version: 8, when: 'answer', letThrough: true }),
        d.verification({ ...TIMED_OUT, version: 8, when: 'completion' }),
        d.evidence({
          id: '2',
          calls: [],
          count: 0,
          check: { ...PASSED, version: 4, when: 'completion' },
        }),
        d.evidence({
          id: '3',
          calls: [CALL('run_tests'), CALL('read_file'), CALL('run_tests')],
          count: 5,
        }),
        d.checkRevision({ ...FAILED, version: 8, when: 'answer', letThrough: true }),
        d.checkRevision({ ...PASSED, version: 4, when: 'completion' }),
        d.checkRevision({ ...CANNOT_START, version: 4, when: 'answer' }),
        d.checkRevision({ ...KILLED, version: 4, when: 'answer' }),
      ].join('\n'),
      '## Actions',
      [
        [a.done, a.cancel, a.edit, a.note, a.add, a.approve].join(' · '),
        ...[a.doneTitle, a.cancelTitle, a.editTitle, a.noteTitle, a.upTitle, a.downTitle].map(
          (title) => title('#2'),
        ),
        a.addTitle,
        a.approveTitle,
        a.editBox('#2'),
        a.noteBox('#2'),
        a.namePlaceholder,
        a.nameLabel,
        a.addPlaceholder,
        a.addLabel,
        a.approved('Ana'),
        a.approved(null),
        a.changedSinceApproval('Ana'),
        a.notApproved,
      ].join('\n'),
      '## Timeline changes',
      CHANGES.map((change) => page.change(change, 'id' in change ? `#${change.id} ` : '')).join(
        '\n',
      ),
      '## Server refusals',
      [
        server.methodNotAllowed(['GET', 'HEAD']),
        server.tokenRequired,
        server.hostRefused('evil.example'),
        server.hostRefused(undefined),
        server.crossSite('Sec-Fetch-Site', 'cross-site'),
        server.crossSite('Origin', 'https://evil.example'),
        server.planKeyMissing,
        server.notAPlanKey('x'),
        server.noPlan('coder/s1'),
        server.notFound('/nope'),
        server.storeFailed('connection refused'),
        server.editNotJson,
        server.editTooLarge,
        server.editBadJson,
        server.editShape,
        server.editBadKind(['add', 'approve']),
        server.editFieldNotWithKind('id', 'add'),
        server.editFieldNotString('id'),
        server.editFieldMissing('before'),
        server.editByNotString,
        server.editConflict,
      ].join('\n'),
    ];
    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `__snapshots__/dashboard-texts.${lang}.md`,
    );
  });
});

describe('the dashboard server in Chinese', () => {
  it('serves the page with lang zh-CN and refuses in Chinese, a person’s problem included', async () => {
    const engine = new PlanEngine();
    const key = { agent: 'coder', session: 's1' };
    await engine.add(key, [{ content: 'Find the bug' }]);
    const dashboard = await createDashboardServer({ store: engine.store, locale: 'zh' });
    try {
      const html = await (await fetch(dashboard.url)).text();
      expect(html).toContain('<html lang="zh-CN">');
      expect(html).toContain('<th class="agent">智能体</th>');
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        fetch(new URL('/api/plan/edit', dashboard.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }).then(async (response) => ({
          status: response.status,
          ...((await response.json()) as Record<string, unknown>),
        }));
      expect(await post({ key: 'coder/s1', edit: { kind: 'done', id: '9' } })).toEqual({
        status: 409,
        error: '没有 #9 这一项；现有 #1。',
      });
      expect(
        await post(
          { key: 'coder/s1', edit: { kind: 'approve' } },
          { origin: 'https://evil.example' },
        ),
      ).toEqual({
        status: 403,
        error:
          '来自其他网站的修改已被拒绝（Origin: https://evil.example）；请在仪表盘页面本身上操作。',
      });
      expect((await engine.snapshot(key)).version).toBe(1);
      const missing = await fetch(new URL('/api/plan', dashboard.url));
      expect(await missing.json()).toEqual({
        error: '请用 ?key=<key> 指定计划，key 取自 /api/plans。',
      });
    } finally {
      await dashboard.close();
    }
  });
});

describe('counts on the page', () => {
  it('say one plan and one agent in the singular', () => {
    const counts = {
      all: true,
      total: '1',
      shown: '1',
      agents: '1',
      open: '1',
      stale: '0',
      done: '0',
    };
    expect(pageTexts('en').list.summary(counts)).toBe(
      '1 plan · 1 agent · 1 open · 0 stale · 0 done',
    );
    expect(pageTexts('en').list.summary({ ...counts, total: '2', shown: '2', agents: '2' })).toBe(
      '2 plans · 2 agents · 1 open · 0 stale · 0 done',
    );
  });
});
