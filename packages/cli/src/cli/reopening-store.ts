/**
 * A plan store opened on first use, and again on each use after a failed open: what
 * `plankeeper mcp` serves with when its store would not open at start-up. An MCP client
 * shows a server that exits while starting as merely "failed" and the model never learns
 * why; this way the server answers, every tool call carries the store's error and its
 * fix, and once the store can be opened (the server is back, the module rebuilt and the
 * server restarted) calls work.
 */
import type { PlanStore } from 'plankeeper';

type Args<Name extends keyof PlanStore> = Parameters<NonNullable<PlanStore[Name]>>;

export class ReopeningStore implements PlanStore {
  private opening: Promise<PlanStore> | undefined;

  constructor(private readonly open: () => Promise<PlanStore>) {}

  private store(): Promise<PlanStore> {
    this.opening ??= this.open().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  async get(...args: Args<'get'>) {
    return (await this.store()).get(...args);
  }

  async compareAndSet(...args: Args<'compareAndSet'>) {
    return (await this.store()).compareAndSet(...args);
  }

  async delete(...args: Args<'delete'>) {
    return (await this.store()).delete(...args);
  }

  async list(...args: Args<'list'>) {
    return (await this.store()).list(...args);
  }

  async history(...args: Args<'history'>) {
    return (await this.store()).history(...args);
  }

  async subscribe(...args: Args<'subscribe'>) {
    return (await this.store()).subscribe(...args);
  }

  async close(): Promise<void> {
    const opened = await this.opening?.catch(() => undefined);
    await opened?.close();
  }
}
