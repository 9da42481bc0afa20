/**
 * Which plan version each of this connection's tool results came after, so the next
 * result can say that a person changed the list in between ("Changed by a person (Ana):
 * cancelled #2"). MCP has no harness around the model; a tool result is the one place
 * the model reads on its next step, and a person's edit reaches it there as a change it
 * did not write. The resource update tells clients that listen; this tells the model.
 */
import type { PlanEngine } from '../../engine/plan-engine.js';
import { encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import { personChangeLines } from '../../harness/person-changes.js';
import type { Locale } from '../../locale/locale.js';

/** Plans remembered per connection; a connection that names more keys forgets the oldest. */
const MAX_KEYS = 100;

export class ResultPlanVersions {
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly engine: PlanEngine,
    private readonly locale: Locale,
  ) {}

  /**
   * Call after a tool ran on `key`: the lines about a person's changes since this
   * connection's last result on that plan, or undefined. The first result on a plan has
   * nothing to compare with (the model saw no earlier list) and says nothing.
   * `resultVersion` is the plan version the result itself carries (every plan tool's data
   * has it); only a result without one costs a read.
   */
  async personChanges(key: PlanKey, resultVersion?: number): Promise<string | undefined> {
    const name = encodePlanKey(key);
    const since = this.versions.get(name);
    const version = resultVersion ?? (await this.engine.snapshot(key)).version;
    this.versions.delete(name);
    this.versions.set(name, version);
    if (this.versions.size > MAX_KEYS) this.versions.delete(this.versions.keys().next().value!);
    if (since === undefined) return undefined;
    return personChangeLines(this.engine, key, since, version, this.locale);
  }
}
