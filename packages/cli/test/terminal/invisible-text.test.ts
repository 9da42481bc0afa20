import { describe, expect, it } from 'vitest';
import { createPlanView } from '../../src/cli/terminal/index.js';
import { fakeStream } from './virtual-terminal.js';

describe('text that would reorder or hide what the terminal shows', () => {
  it('is escaped visibly in the live block and in log lines', () => {
    const stream = fakeStream({ isTTY: true });
    const live = createPlanView({ stream, env: {}, color: false });
    live.update([
      { id: '1', content: 'invoice\u202Etxt.exe', status: 'pending' },
      { id: '2', content: 'pay\u200bpal\u0085', status: 'pending' },
      { id: '3', content: '👩‍💻 review', status: 'pending' },
    ]);
    live.logLine('tool said \u2066hidden\u2069\tok');
    live.stop();
    expect(stream.terminal.screen).toEqual([
      'tool said \\u2066hidden\\u2069\tok',
      'Current todo list [----------] 0/3',
      '  [ ] #1 "invoice\\u202etxt.exe"',
      '  [ ] #2 "pay\\u200bpal\\u0085"',
      '  [ ] #3 👩‍💻 review',
    ]);
  });

  it('is escaped in the plain rendering', () => {
    const stream = fakeStream({ isTTY: false });
    const plain = createPlanView({ stream, env: {}, color: false });
    plain.update([{ id: '1', content: 'a\u202Eb', status: 'pending' }]);
    plain.stop();
    expect(stream.output).toContain('#1 "a\\u202eb"');
  });
});
