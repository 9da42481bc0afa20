// The write sequence of crash.test.ts, shared by the child that streams it and the test
// that replays it: version N of the plan is always made by step N, on a clock that reads
// BASE_TIME + N, so the record expected at any version can be recomputed exactly.

export const BASE_TIME = 1_700_000_000_000;

/** Engine clock; set before each step so `updatedAt` depends only on the version. */
export const clock = { now: BASE_TIME };

// Long text makes each record span several database pages, so a torn write would show.
const filler = 'x'.repeat(900);
const isOpen = (item) => item.status === 'pending' || item.status === 'in_progress';

/** Applies the step that produces `version`; resolves the engine's outcome. */
export async function applyStep(engine, key, version) {
  clock.now = BASE_TIME + version;
  const { items } = await engine.snapshot(key);
  const open = items.filter(isOpen);
  switch (version % 5) {
    case 1:
      return engine.add(key, [
        { content: `step ${version}a`, description: filler },
        { content: `step ${version}b`, description: filler },
      ]);
    case 2:
      return engine.write(
        key,
        items.map((item) => ({
          id: item.id,
          content: item.content,
          status: !isOpen(item) ? item.status : item === open[0] ? 'in_progress' : 'pending',
          ...(item.description && { description: item.description }),
          ...(item.note && { note: item.note }),
        })),
      );
    case 3:
    case 4:
      return engine.complete(key, [{ id: open[0].id, reason: `done at version ${version}` }]);
    default:
      return engine.remove(
        key,
        items.filter((item) => !isOpen(item)).map((item) => item.id),
      );
  }
}
