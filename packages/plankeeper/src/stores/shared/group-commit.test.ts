/** GroupCommit on its own, with a fake committer that records what it was asked to do. */
import { describe, expect, it } from 'vitest';
import { type BatchCommitter, GroupCommit } from './group-commit.js';

type Call = { all: string[] } | { one: string };

/** Outcomes name the call that produced them, so a caller handed another's outcome shows. */
function fakeCommitter(overrides: Partial<BatchCommitter<string, string>> = {}) {
  const calls: Call[] = [];
  const failsEveryWrite: unknown[] = [];
  const committer: BatchCommitter<string, string> = {
    commitAll(writes) {
      calls.push({ all: [...writes] });
      return overrides.commitAll
        ? overrides.commitAll(writes)
        : writes.map((write) => `all:${write}`);
    },
    commitOne(write) {
      calls.push({ one: write });
      return overrides.commitOne ? overrides.commitOne(write) : `one:${write}`;
    },
    failsEveryWrite(error) {
      failsEveryWrite.push(error);
      return overrides.failsEveryWrite ? overrides.failsEveryWrite(error) : false;
    },
  };
  return { committer, calls, failsEveryWrite };
}

/** What each promise came to, in order: `ok <value>` or `error <message>`. */
async function outcomes(promises: Promise<string>[]): Promise<string[]> {
  const settled = await Promise.allSettled(promises);
  return settled.map((result) =>
    result.status === 'fulfilled'
      ? `ok ${result.value}`
      : `error ${(result.reason as Error).message}`,
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every queued microtask and a macrotask turn run. */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('GroupCommit', () => {
  it('commits writes added in the same tick in one commitAll, in order, each caller getting its own outcome', async () => {
    const { committer, calls } = fakeCommitter();
    const group = new GroupCommit(committer, { maxBatch: 64 });
    const results = outcomes(['a', 'b', 'c'].map((write) => group.add(write)));
    expect(calls).toEqual([]); // nothing before the tick's microtasks run
    expect(await results).toEqual(['ok all:a', 'ok all:b', 'ok all:c']);
    expect(calls).toEqual([{ all: ['a', 'b', 'c'] }]);
  });

  it('sends a lone write to commitOne', async () => {
    const { committer, calls } = fakeCommitter();
    const group = new GroupCommit(committer, { maxBatch: 64 });
    expect(await group.add('solo')).toBe('one:solo');
    expect(calls).toEqual([{ one: 'solo' }]);
  });

  it('starts a new batch for writes added in a later tick', async () => {
    const { committer, calls } = fakeCommitter();
    const group = new GroupCommit(committer, { maxBatch: 64 });
    const first = [group.add('a'), group.add('b')];
    await Promise.all(first);
    expect(await group.add('c')).toBe('one:c');
    expect(calls).toEqual([{ all: ['a', 'b'] }, { one: 'c' }]);
  });

  it('splits 10 queued writes into batches of 4, 4 and 2 with maxBatch 4', async () => {
    const { committer, calls } = fakeCommitter();
    const group = new GroupCommit(committer, { maxBatch: 4 });
    const writes = Array.from({ length: 10 }, (_, index) => `w${index}`);
    const results = await outcomes(writes.map((write) => group.add(write)));
    expect(calls.map((call) => ('all' in call ? call.all.length : 1))).toEqual([4, 4, 2]);
    expect(calls.flatMap((call) => ('all' in call ? call.all : [call.one]))).toEqual(writes);
    expect(results).toEqual(writes.map((write) => `ok all:${write}`));
  });

  it.each([
    [10, { maxBatch: 64, spreadOver: 2 }, [5, 5]],
    [11, { maxBatch: 64, spreadOver: 2 }, [6, 5]],
    [32, { maxBatch: 8, spreadOver: 2 }, [8, 8, 8, 8]],
    [3, { maxBatch: 64, spreadOver: 2 }, [2, 1]],
  ])('spreads %i queued writes as %o into batches of %o', async (count, shape, sizes) => {
    const { committer, calls } = fakeCommitter();
    const group = new GroupCommit(committer, shape);
    const writes = Array.from({ length: count }, (_, index) => `w${index}`);
    await outcomes(writes.map((write) => group.add(write)));
    expect(calls.map((call) => ('all' in call ? call.all.length : 1))).toEqual(sizes);
    expect(calls.flatMap((call) => ('all' in call ? call.all : [call.one]))).toEqual(writes);
  });

  it('sends a last batch of one to commitOne', async () => {
    const { committer, calls } = fakeCommitter();
    const group = new GroupCommit(committer, { maxBatch: 4 });
    const writes = Array.from({ length: 9 }, (_, index) => `w${index}`);
    const results = await outcomes(writes.map((write) => group.add(write)));
    expect(calls).toEqual([
      { all: ['w0', 'w1', 'w2', 'w3'] },
      { all: ['w4', 'w5', 'w6', 'w7'] },
      { one: 'w8' },
    ]);
    expect(results.at(-1)).toBe('ok one:w8');
  });

  describe.each([
    {
      kind: 'throws',
      failing: (error: Error) => (): string[] => {
        throw error;
      },
    },
    {
      kind: 'rejects',
      failing: (error: Error) => async (): Promise<string[]> => {
        await nextTurn();
        throw error;
      },
    },
  ])('when commitAll $kind', ({ failing }) => {
    it('retries each write alone when the error is not one every write meets, failing only the bad one', async () => {
      const batchError = new Error('batch failed');
      const { committer, calls, failsEveryWrite } = fakeCommitter({
        commitAll: failing(batchError),
        commitOne: (write) => {
          if (write === 'bad') throw new Error(`cannot write ${write}`);
          return `one:${write}`;
        },
      });
      const group = new GroupCommit(committer, { maxBatch: 64 });
      const results = await outcomes(['a', 'bad', 'c'].map((write) => group.add(write)));
      expect(results).toEqual(['ok one:a', 'error cannot write bad', 'ok one:c']);
      expect(calls).toEqual([
        { all: ['a', 'bad', 'c'] },
        { one: 'a' },
        { one: 'bad' },
        { one: 'c' },
      ]);
      expect(failsEveryWrite).toEqual([batchError]);
    });

    it('fails every write with the same error, without retrying, when every write would meet it', async () => {
      const batchError = new Error('database is busy');
      const { committer, calls } = fakeCommitter({
        commitAll: failing(batchError),
        failsEveryWrite: (error) => error === batchError,
      });
      const group = new GroupCommit(committer, { maxBatch: 64 });
      const settled = await Promise.allSettled(['a', 'b', 'c'].map((write) => group.add(write)));
      expect(settled).toEqual([
        { status: 'rejected', reason: batchError },
        { status: 'rejected', reason: batchError },
        { status: 'rejected', reason: batchError },
      ]);
      for (const result of settled)
        expect((result as PromiseRejectedResult).reason).toBe(batchError);
      expect(calls).toEqual([{ all: ['a', 'b', 'c'] }]);
    });
  });

  it('retries alone through an async commitOne, whose rejection fails only its own write', async () => {
    const { committer } = fakeCommitter({
      commitAll: () => {
        throw new Error('batch failed');
      },
      commitOne: async (write) => {
        await nextTurn();
        if (write === 'bad') throw new Error('rejected bad');
        return `async:${write}`;
      },
    });
    const group = new GroupCommit(committer, { maxBatch: 64 });
    expect(await outcomes(['bad', 'b'].map((write) => group.add(write)))).toEqual([
      'error rejected bad',
      'ok async:b',
    ]);
  });

  it('settles no caller before its batch was committed', async () => {
    const commit = deferred<string[]>();
    let committed = false;
    const settledDuringCommit: boolean[] = [];
    const settled = [false, false];
    const { committer } = fakeCommitter({
      commitAll: () => {
        settledDuringCommit.push(...settled);
        return commit.promise.then((outcomes) => {
          committed = true;
          return outcomes;
        });
      },
    });
    const group = new GroupCommit(committer, { maxBatch: 64 });
    const callers = ['a', 'b'].map((write, index) =>
      group.add(write).then((outcome) => {
        settled[index] = true;
        expect(committed).toBe(true);
        return outcome;
      }),
    );
    await nextTurn();
    await nextTurn();
    expect(settledDuringCommit).toEqual([false, false]);
    expect(settled).toEqual([false, false]); // commitAll has not finished yet
    commit.resolve(['done:a', 'done:b']);
    expect(await Promise.all(callers)).toEqual(['done:a', 'done:b']);
    expect(settled).toEqual([true, true]);
  });

  it('commits at once when flush() is called right after add(), before any microtask runs', async () => {
    const { committer, calls } = fakeCommitter();
    const group = new GroupCommit(committer, { maxBatch: 64 });
    const lone = group.add('a');
    group.flush();
    expect(calls).toEqual([{ one: 'a' }]);
    const pair = [group.add('b'), group.add('c')];
    group.flush();
    expect(calls).toEqual([{ one: 'a' }, { all: ['b', 'c'] }]);
    expect(await lone).toBe('one:a');
    expect(await Promise.all(pair)).toEqual(['all:b', 'all:c']);
    await nextTurn();
    // The microtasks the adds scheduled find nothing left to commit.
    expect(calls).toHaveLength(2);
  });

  it('does nothing on flush() with nothing queued', () => {
    const { committer, calls } = fakeCommitter();
    new GroupCommit(committer, { maxBatch: 64 }).flush();
    expect(calls).toEqual([]);
  });
});
