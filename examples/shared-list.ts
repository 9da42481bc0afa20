import { createPlanTools, PlanEngine, PlanHarness } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';

export async function sharedList() {
  const engine = new PlanEngine(); // every session on one store: SQLite, Redis or PostgreSQL
  const key = sharedListKey('release-1.4'); // one plan for every session naming the list
  const [todoWrite] = createPlanTools({ engine, tools: 'whole-list' });
  // Each session's name comes from its host, never from the model.
  const ana = { key, owner: 'ana' };
  const bo = { key, owner: 'bo' };

  const steps = [
    { id: '1', content: 'Write the changelog', status: 'in_progress' },
    { id: '2', content: 'Tag the release', status: 'pending' },
  ];
  await todoWrite!.execute({ todos: steps.map(({ id, ...step }) => step) }, ana); // #1 is ana's
  const refused = await todoWrite!.execute(
    {
      todos: [
        { ...steps[0], status: 'completed' },
        { ...steps[1], status: 'in_progress' },
      ],
    },
    bo,
  );
  // false, "…- #1 Write the changelog is in progress by ana; leave it as it is and work on another item."
  console.log(refused.ok, refused.text);

  await todoWrite!.execute({ todos: [steps[0], { ...steps[1], status: 'in_progress' }] }, bo);
  const harness = new PlanHarness({ engine, key, owner: 'bo' });
  await harness.beginTurn('Ship release 1.4');
  const section = (await harness.planSection())?.text;
  console.log(section); // the list with "[>] #1 … [ana]", then "Others: ana on #1 Write the changelog"

  const released = await engine.releaseOwner(key, 'ana'); // ana's session is gone
  console.log(released); // ['1']: pending again, free for anyone to start
  return { refused, section, released };
}
