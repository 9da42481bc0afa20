/**
 * A plan kept in a Markdown file in the repository (plan-file-format.ts), over a normal
 * store that keeps everything else: the plan's revision history, its versions, the
 * harness's turn state and the evidence. Every other key goes to that store unchanged.
 *
 * The file is the plan. Before each read or write of the file's key the file is looked
 * at: when it is not the text this store last wrote or read (its digest, kept in the inner
 * store's harness state), a person edited it, and the save becomes one person's revision
 * holding each change (file-edits.ts), as `plankeeper todos` edits do, so the model is
 * told and a write from an older read keeps the change. A line without an id gets the next
 * one and the file is written again with it. A file past the size limit is refused
 * (plan-file-limits.ts).
 *
 * Writers never lose a write: one lock file serializes every writer of the file across
 * processes (file-lock.ts); a write stages the new text beside the file, commits the plan
 * to the inner store by compare-and-set, looks at the file once more and only then renames
 * the new text over it. A person's save that lands before that last look is not
 * overwritten: the rename is skipped and the save is replayed on the new plan at once. An
 * in-place save into the file the rename just replaced (an editor that opened it a moment
 * before) is read from that file, held open, and replayed the same way.
 *
 * While anyone subscribes (or holds `watch()`), the file is watched: a person's save is
 * read in as the next call would read it, so subscribers hear of it as it lands.
 */
import { existsSync } from 'node:fs';
import { ConfigurationError } from '../../engine/errors.js';
import { approvalAfterPersonEdit } from '../../engine/operations/approve.js';
import { encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import type {
  ChangeSource,
  CompareAndSetResult,
  CompareAndSetStateResult,
  ListFilter,
  PlanChange,
  PlanListing,
  PlanRevision,
  PlanStore,
  StateWriteOptions,
  Unsubscribe,
  VersionedPlan,
  VersionedState,
  WriteOptions,
} from '../../engine/store/plan-store.js';
import { PLAN_FILE_DIGEST_AGENT, planFileDigestKey } from '../../engine/store/state-keys.js';
import { emptyRecord, type PlanRecord, type TodoItem } from '../../engine/todo-item.js';
import { fileEdits } from './file-edits.js';
import { FileLock } from './file-lock.js';
import { type Replaced, readText, stageText, textDigest } from './file-text.js';
import { SharedWatch } from './file-watch.js';
import { checkNoMergeConflict } from './merge-conflict.js';
import {
  unreadLines as findUnreadLines,
  type ParsedPlanFile,
  parsePlanFile,
  renderPlanFile,
  withIds,
} from './plan-file-format.js';
import { checkPlanFileBytes, checkPlanFileItems } from './plan-file-limits.js';
import { readSource, saveSource } from './save-source.js';

export interface PlanFileStoreOptions {
  /** The Markdown file. It is created on the first write when it does not exist. */
  path: string;
  /** Keeps the history, versions and harness state, and every other key's plan. */
  store: PlanStore;
  /** The plan key the file holds (a shared list's, so every session shares it). */
  key: PlanKey;
  /** The lock file. Default: `.plankeeper/<file name>.lock` beside the file. */
  lockPath: string;
  /** How long a writer waits for another's lock. Default 5000 ms. */
  lockTimeoutMs?: number;
  /** A lock not touched for this long is broken, whoever holds it. Default 30 000 ms. */
  lockStaleMs?: number;
  now?: () => number;
}

/** Agent part of the key whose harness state records what the file last said (state-keys.ts). */
export const PLAN_FILE_STATE_AGENT = PLAN_FILE_DIGEST_AGENT;

/** What this store last saw of the file, kept as the inner store's harness state. */
interface SeenFile {
  /** Digest of the file's text, `absent` when there was no file. */
  digest: string;
  /** The plan version that text shows. */
  version: number;
  /** Unread lines already named to the model, so each is named once. */
  named: string[];
  /**
   * The items that text shows, with their ids: what a person's next save is compared
   * with. (Not always the plan at `version`: a save taken in over a plan that moved on
   * shows the person's items only.)
   */
  items?: TodoItem[];
}

interface Synced {
  text: string | undefined;
  parsed: ParsedPlanFile | undefined;
  stored: VersionedPlan | undefined;
  seen: SeenFile;
}

const ABSENT = 'absent';

/** A person's save found in a file a rename replaced, with what is on disk now. */
interface LateSave {
  text: string;
  onDisk: string | undefined;
  /** What was seen of the file the save was made to. */
  seen: SeenFile;
}

export class PlanFileStore implements PlanStore {
  readonly path: string;
  readonly key: PlanKey;
  private readonly inner: PlanStore;
  private readonly name: string;
  private readonly stateKey: PlanKey;
  private readonly lock: FileLock;
  private readonly now: () => number;
  private readonly watching: SharedWatch;

  constructor(options: PlanFileStoreOptions) {
    this.path = options.path;
    this.key = options.key;
    this.inner = options.store;
    this.name = encodePlanKey(options.key);
    this.stateKey = planFileDigestKey(this.name);
    this.lock = new FileLock(options.lockPath, {
      ...(options.lockTimeoutMs !== undefined && { timeoutMs: options.lockTimeoutMs }),
      ...(options.lockStaleMs !== undefined && { staleMs: options.lockStaleMs }),
    });
    this.now = options.now ?? Date.now;
    this.watching = new SharedWatch(this.path, () => this.readSave());
  }

  private isFileKey(key: PlanKey): boolean {
    return encodePlanKey(key) === this.name;
  }

  async get(key: PlanKey): Promise<VersionedPlan | undefined> {
    if (!this.isFileKey(key)) return this.inner.get(key);
    const quick = await this.unchanged();
    if (quick) return quick.stored;
    return this.lock.run(async () => (await this.sync()).stored);
  }

  async compareAndSet(
    key: PlanKey,
    expectedVersion: number,
    record: PlanRecord,
    options: WriteOptions = {},
  ): Promise<CompareAndSetResult> {
    if (!this.isFileKey(key))
      return this.inner.compareAndSet(key, expectedVersion, record, options);
    return this.lock.run(async () => {
      const synced = await this.sync();
      const currentVersion = synced.stored?.version ?? 0;
      if (currentVersion !== expectedVersion) return { ok: false, currentVersion };
      checkPlanFileItems(this.path, record.items.length);
      const text = renderPlanFile(record.items, synced.parsed);
      checkPlanFileBytes(this.path, Buffer.byteLength(text));
      const staged = await stageText(this.path, text);
      let written: CompareAndSetResult;
      try {
        written = await this.inner.compareAndSet(key, expectedVersion, record, options);
      } catch (error) {
        await staged.discard();
        throw error;
      }
      if (!written.ok) {
        await staged.discard();
        return written;
      }
      // The last look: a person's save since the sync is not overwritten, but replayed.
      const replaced = await staged.commitIf(synced.text);
      if (!replaced) {
        await this.sync();
        return written;
      }
      await this.remember({
        ...synced.seen,
        digest: await textDigest(text),
        version: written.version,
        items: record.items,
      });
      const lateText = replaced.lateText();
      if (lateText !== undefined)
        await this.sync({ text: lateText, onDisk: text, seen: synced.seen });
      return written;
    });
  }

  async delete(key: PlanKey, options: { source?: ChangeSource } = {}): Promise<boolean> {
    if (!this.isFileKey(key)) return this.inner.delete(key, options);
    return this.lock.run(async () => {
      const synced = await this.sync();
      const deleted = await this.inner.delete(key, options);
      // The items go; a person's other lines stay.
      if (synced.text !== undefined) {
        const text = renderPlanFile([], synced.parsed);
        const staged = await stageText(this.path, text);
        // A person's save meanwhile is left for the next read to take in.
        const replaced = await staged.commitIf(synced.text);
        if (!replaced) return deleted;
        replaced.lateText();
        await this.remember({
          ...synced.seen,
          digest: await textDigest(text),
          version: 0,
          items: [],
        });
      }
      return deleted;
    });
  }

  list(filter?: ListFilter): Promise<PlanListing[]> {
    return this.inner.list(filter);
  }

  history(key: PlanKey, options?: { limit?: number }): Promise<PlanRevision[]> {
    return this.inner.history(key, options);
  }

  /** Watches the file while subscribed, so a person's save reaches the listener at once. */
  async subscribe(listener: (change: PlanChange) => void): Promise<Unsubscribe> {
    const unsubscribe = await this.inner.subscribe(listener);
    const release = this.watching.hold();
    return () => {
      release();
      unsubscribe();
    };
  }

  /**
   * Watches the file until the function returned is called (or the store closed): each
   * save is read in at once, and becomes a change of the store it wraps that every
   * subscriber of that store hears (a dashboard over it, say).
   */
  watch(): Unsubscribe {
    return this.watching.hold();
  }

  /** Stops watching the file, and closes the store it wraps too. */
  close(): Promise<void> {
    this.watching.close();
    return this.inner.close();
  }

  /** A save seen by the watch, read in as the next call would read it. */
  private readSave(): void {
    // A file gone (deleted, or between an editor's delete and its new file) is not written
    // back under the person's hands; the next call does that, as without a watch.
    if (!existsSync(this.path)) return;
    // What is wrong with the file (mid-merge, not UTF-8) the next call says.
    this.get(this.key).catch(() => {});
  }

  async getState(key: PlanKey): Promise<VersionedState | undefined> {
    return this.stateStore().getState(key);
  }

  async compareAndSetState(
    key: PlanKey,
    expectedVersion: number,
    state: Record<string, unknown>,
    options?: StateWriteOptions,
  ): Promise<CompareAndSetStateResult> {
    return this.stateStore().compareAndSetState(key, expectedVersion, state, options);
  }

  /**
   * The lines of the file the parser could not read, with their line numbers, as the file
   * is now (after taking in a person's edit).
   */
  async unreadLines(): Promise<{ line: number; text: string }[]> {
    const synced = await this.lock.run(() => this.sync());
    return synced.parsed ? findUnreadLines(synced.parsed) : [];
  }

  private stateStore(): Required<Pick<PlanStore, 'getState' | 'compareAndSetState'>> {
    const { inner } = this;
    if (!inner.getState || !inner.compareAndSetState) {
      throw new ConfigurationError(
        "A plan file needs a store that keeps harness state (getState and compareAndSetState), such as any of plankeeper's stores.",
      );
    }
    return inner as Required<Pick<PlanStore, 'getState' | 'compareAndSetState'>>;
  }

  /**
   * The plan without the lock when nothing changed since this store (or another process's)
   * last saw the file: the file, what was seen of it and the plan all agree. Read in that
   * order, so a writer that changed any of them in between makes them disagree.
   */
  private async unchanged(): Promise<{ stored: VersionedPlan | undefined } | undefined> {
    const text = await readText(this.path);
    const seen = await this.seenFile();
    const stored = await this.inner.get(this.key);
    if (!seen || seen.version !== (stored?.version ?? 0)) return undefined;
    const digest = text === undefined ? ABSENT : await textDigest(text);
    return digest === seen.digest ? { stored } : undefined;
  }

  private async seenFile(): Promise<SeenFile | undefined> {
    return (await this.stateStore().getState(this.stateKey))?.state as SeenFile | undefined;
  }

  private async remember(seen: SeenFile): Promise<void> {
    const state = this.stateStore();
    const current = await state.getState(this.stateKey);
    // Under the lock no other writer of this state runs; a refusal means one did without it.
    await state.compareAndSetState(this.stateKey, current?.version ?? 0, { ...seen });
  }

  /**
   * Brings the plan and the file together, under the lock: a person's edit of the file
   * becomes revisions of the plan, and a plan written elsewhere (another writer of the
   * inner store) is written into the file. Resolves to both as they now are.
   */
  private async sync(late?: LateSave): Promise<Synced> {
    let injected = late;
    for (;;) {
      // A save that landed in a file a rename replaced is taken in as the file's text.
      const onDisk = injected ? injected.onDisk : await readText(this.path);
      const text = injected ? injected.text : onDisk;
      const remembered = (await this.seenFile()) ?? { digest: '', version: -1, named: [] };
      let seen = injected?.seen ?? remembered;
      // What was seen of the file on disk: a save that lands in it late is compared with it.
      let diskSeen = injected ? remembered : seen;
      injected = undefined;
      let stored = await this.inner.get(this.key);
      const digest = text === undefined ? ABSENT : await textDigest(text);
      let parsed = text === undefined ? undefined : this.parse(text);
      let named = seen.named;
      if (digest !== seen.digest && parsed) {
        const taken = await this.takeEdit(parsed, stored, seen);
        if (!taken) continue; // another writer of the inner store came first
        stored = taken.stored;
        named = taken.named;
        parsed = withIds(parsed, taken.ids);
        // Taken in: should the person save again before the file is written back, their
        // next text is compared with this one, not taken in twice. (A late save is not on
        // disk: a save made on disk meanwhile is compared with what was seen there.)
        if (text === onDisk) {
          seen = { digest, version: stored?.version ?? 0, named, items: taken.shown };
          diskSeen = seen;
          await this.remember(seen);
        }
      }
      if (text === undefined && !stored) {
        return { text, parsed, stored, seen: { digest: ABSENT, version: 0, named } };
      }
      const next = renderPlanFile(stored?.record.items ?? [], parsed);
      let replaced: Replaced | undefined;
      if (next !== onDisk) {
        const staged = await stageText(this.path, next);
        replaced = await staged.commitIf(onDisk);
        if (!replaced) continue; // a person saved meanwhile: take that in first
      }
      const now: SeenFile = {
        digest: await textDigest(next),
        version: stored?.version ?? 0,
        named,
        items: stored?.record.items ?? [],
      };
      if (
        now.digest !== seen.digest ||
        now.version !== seen.version ||
        named !== seen.named ||
        !seen.items
      )
        await this.remember(now);
      const lateText = replaced?.lateText();
      if (lateText !== undefined) {
        injected = { text: lateText, onDisk: next, seen: diskSeen };
        continue;
      }
      return { text: next, parsed: parsePlanFile(next), stored, seen: now };
    }
  }

  /** The file's text as blocks; a file mid-merge, or of more items than the limit, is refused. */
  private parse(text: string): ParsedPlanFile {
    checkNoMergeConflict(this.path, text);
    const parsed = parsePlanFile(text);
    checkPlanFileItems(this.path, itemCount(parsed));
    return parsed;
  }

  /**
   * A person's edit of the file as one revision of the plan (see file-edits.ts); undefined
   * when another writer changed the plan meanwhile and the edit must be read again.
   */
  private async takeEdit(
    parsed: ParsedPlanFile,
    stored: VersionedPlan | undefined,
    seen: SeenFile,
  ): Promise<
    | { stored: VersionedPlan | undefined; named: string[]; ids: string[]; shown: TodoItem[] }
    | undefined
  > {
    const lines = parsed.blocks.flatMap((block) => (block.kind === 'item' ? [block.item] : []));
    const unread = findUnreadLines(parsed);
    const fresh = unread.filter((line) => !seen.named.includes(line.text));
    const named = unread.map((line) => line.text);
    if (!stored) {
      if (lines.length === 0 && unread.length === 0) return { stored, named, ids: [], shown: [] };
      // A file with no plan stored yet (a fresh clone): its items are the plan.
      const edits = fileEdits(lines, [], emptyRecord(this.now()));
      const record: PlanRecord = {
        ...emptyRecord(this.now()),
        items: edits.resolved,
        nextId: edits.nextId,
      };
      const source = readSource(record.items.length, unread);
      const written = await this.inner.compareAndSet(this.key, 0, record, { source });
      if (!written.ok) return undefined;
      return {
        stored: versioned(record, written),
        named,
        ids: edits.resolved.map((item) => item.id),
        shown: edits.resolved,
      };
    }
    const base = await this.baseItems(stored, seen);
    const edits = fileEdits(lines, base, stored.record);
    // Lines that are no items, new since they were last named: said once, with the edit.
    if (edits.steps.length === 0 && fresh.length === 0) {
      return { stored, named, ids: edits.resolved.map((item) => item.id), shown: edits.resolved };
    }
    const record: PlanRecord = {
      ...stored.record,
      items: edits.items,
      nextId: Math.max(edits.nextId, stored.record.nextId),
      updatedAt: this.now(),
    };
    const approval = approvalAfterPersonEdit(stored.record, edits.items);
    if (approval) record.approval = approval;
    const written = await this.inner.compareAndSet(this.key, stored.version, record, {
      source: saveSource(edits.steps, fresh),
      ...(stored.epoch !== undefined && { expectedEpoch: stored.epoch }),
    });
    if (!written.ok) return undefined;
    const current = versioned(record, written);
    return {
      stored: current,
      named,
      ids: edits.resolved.map((item) => item.id),
      shown: edits.resolved,
    };
  }

  /** The items the file showed when it was last seen: from the history, else the plan now. */
  private async baseItems(stored: VersionedPlan, seen: SeenFile): Promise<TodoItem[]> {
    if (seen.items) return seen.items;
    // Never seen (no record of it): the plan now is the best guess of what the file showed.
    if (seen.version === stored.version || seen.version < 0) return stored.record.items;
    // The file showed no plan.
    if (seen.version === 0) return [];
    const history = await this.inner.history(this.key, {
      limit: Math.min(stored.version - seen.version + 1, 200),
    });
    const revision = history.find((each) => each.version === seen.version);
    return revision?.record?.items ?? stored.record.items;
  }
}

function itemCount(parsed: ParsedPlanFile): number {
  return parsed.blocks.reduce((count, block) => count + (block.kind === 'item' ? 1 : 0), 0);
}

function versioned(
  record: PlanRecord,
  written: Extract<CompareAndSetResult, { ok: true }>,
): VersionedPlan {
  return {
    version: written.version,
    record,
    ...(written.epoch !== undefined && { epoch: written.epoch }),
  };
}
