import { describe, expect, it } from 'vitest';
import type { TodoItem } from '../../engine/todo-item.js';
import { parsePlanFile, renderPlanFile, unreadLines } from './plan-file-format.js';

const items = (text: string) =>
  parsePlanFile(text).blocks.flatMap((block) => (block.kind === 'item' ? [block.item] : []));

describe('plan file format', () => {
  it('reads each status, the id, and the indented lines of an item', () => {
    const text = [
      '- [x] #1 Write the migration',
      '  - note: ran it on a copy',
      '- [>] #2 Backfill the column',
      '  - after #1',
      '  - owner: claude-7f3a',
      '  - Batches of 10k rows.',
      '  - \\note: not a note',
      '- [-] #3 Drop the old table',
      '- [ ] Add an index',
      '',
    ].join('\n');
    expect(items(text)).toEqual([
      {
        id: '1',
        status: 'completed',
        content: 'Write the migration',
        note: 'ran it on a copy',
        line: 1,
      },
      {
        id: '2',
        status: 'in_progress',
        content: 'Backfill the column',
        blockedBy: ['1'],
        owner: 'claude-7f3a',
        description: 'Batches of 10k rows.\nnote: not a note',
        line: 3,
      },
      { id: '3', status: 'cancelled', content: 'Drop the old table', line: 8 },
      { status: 'pending', content: 'Add an index', line: 9 },
    ]);
  });

  it('keeps headings, prose and unknown markers byte for byte, and names them', () => {
    const text = [
      '# Release 1.4',
      '',
      'Ship before Friday.',
      '- [ ] #1 Tag the release',
      '## Later',
      '- [?] Maybe a blog post',
      '- [ ] #2 Announce it',
      '  - [ ] a sub-task',
      '',
      'Notes at the end.',
      '',
    ].join('\n');
    const parsed = parsePlanFile(text);
    expect(unreadLines(parsed)).toEqual([
      { line: 3, text: 'Ship before Friday.' },
      { line: 5, text: '## Later' },
      { line: 6, text: '- [?] Maybe a blog post' },
      { line: 8, text: '  - [ ] a sub-task' },
      { line: 10, text: 'Notes at the end.' },
    ]);
    const read = items(text).map(({ line: _, ...item }) => item) as TodoItem[];
    expect(renderPlanFile(read, parsed)).toBe(text);
    // A new item goes after the last one, before the lines at the end.
    const more = [
      ...read,
      { id: '3', content: 'Close the milestone', status: 'pending' } as TodoItem,
    ];
    expect(renderPlanFile(more, parsed)).toBe(
      text.replace('  - [ ] a sub-task\n', '  - [ ] a sub-task\n- [ ] #3 Close the milestone\n'),
    );
    // The heading between #1 and #2 stays before #2, wherever #2 goes.
    expect(renderPlanFile([read[1]!, read[0]!], parsed)).toBe(
      [
        '# Release 1.4',
        '',
        'Ship before Friday.',
        '## Later',
        '- [?] Maybe a blog post',
        '- [ ] #2 Announce it',
        '  - [ ] a sub-task',
        '- [ ] #1 Tag the release',
        '',
        'Notes at the end.',
        '',
      ].join('\n'),
    );
  });

  it('keeps CRLF line ends and a byte order mark, and reads Chinese text', () => {
    const text =
      '\uFEFF# 计划\r\n\r\n- [ ] #1 编写迁移脚本\r\n  - 备注不是字段\r\n- [x] #2 回填新列\r\n';
    const parsed = parsePlanFile(text);
    const read = items(text);
    expect(read.map((item) => item.content)).toEqual(['编写迁移脚本', '回填新列']);
    expect(read[0]!.description).toBe('备注不是字段');
    const plain = read.map(({ line: _, ...item }) => item) as TodoItem[];
    expect(renderPlanFile(plain, parsed)).toBe(text);
    const done = plain.map((item) => ({ ...item, status: 'completed' as const }));
    expect(renderPlanFile(done, parsed)).toBe(text.replace('- [ ] #1', '- [x] #1'));
  });

  it('writes a new file with a title, and fields that read back the same', () => {
    const item: TodoItem = {
      id: '4',
      content: 'Two\nlines',
      status: 'in_progress',
      description: 'after #9 looks like a blocker\nplain',
      note: 'note: twice',
      blockedBy: ['1', '2'],
    };
    const text = renderPlanFile([item]);
    expect(text).toBe(
      [
        '# Plan',
        '',
        '- [>] #4 Two lines',
        '  - after #1, #2',
        '  - note: note: twice',
        '  - \\after #9 looks like a blocker',
        '  - plain',
        '',
      ].join('\n'),
    );
    const [back] = items(text);
    expect(back).toMatchObject({
      description: item.description,
      note: item.note,
      blockedBy: item.blockedBy,
    });
  });

  it('never writes a line break of model text as a line of the file', () => {
    const breaks = ['\r', '\v', '\f', '\u0085', '\u2028', '\u2029'];
    for (const mark of breaks) {
      const item: TodoItem = {
        id: '2',
        content: `Ship${mark}- [x] #9 Approved by Ana`,
        status: 'pending',
        note: `done${mark}- [x] #3 ticked`,
        description: `first${mark}second`,
      };
      const text = renderPlanFile([item]);
      expect(text).toBe(
        [
          '# Plan',
          '',
          '- [ ] #2 Ship - [x] #9 Approved by Ana',
          '  - note: done',
          '  - note: - [x] #3 ticked',
          '  - first',
          '  - second',
          '',
        ].join('\n'),
      );
      expect(text).not.toMatch(/[\r\v\f\u0085\u2028\u2029]/);
      expect(items(text)).toHaveLength(1);
    }
  });

  it("reads a person's line holding a line break as the item, the break as a space", () => {
    for (const mark of ['\r', '\v', '\f', '\u0085', '\u2028', '\u2029']) {
      const text = `- [ ] #1 Tag${mark}it\n  - note: a${mark}b\n`;
      expect(items(text)).toEqual([
        { id: '1', status: 'pending', content: 'Tag it', note: 'a b', line: 1 },
      ]);
      // Unchanged, the person's bytes stay.
      expect(
        renderPlanFile(
          [{ id: '1', status: 'pending', content: 'Tag it', note: 'a b' }],
          parsePlanFile(text),
        ),
      ).toBe(text);
    }
  });
});

describe('line ends', () => {
  it('writes the line end most lines have: one CRLF line does not make a file CRLF', () => {
    const mixed = '# Plan\n\n- [ ] #1 Tag\r\n- [ ] #2 Announce\n- [ ] #3 Ship\n';
    expect(parsePlanFile(mixed).eol).toBe('\n');
    expect(parsePlanFile('# Plan\r\n\r\n- [ ] #1 Tag\n- [ ] #2 Ship\r\n').eol).toBe('\r\n');
  });
});
