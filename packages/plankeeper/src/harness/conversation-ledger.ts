/**
 * Harness messages kept in a conversation the framework owns. The framework rebuilds its
 * input on every model call from its own history, which never holds our additions; the
 * ledger notices when that history only grew since the last call and puts each kept
 * message back where it was first added. Earlier messages never move, so a provider's
 * cached prefix survives. A history that does not continue the last one starts afresh.
 *
 * Some framework versions do carry our additions forward (the AI SDK from 7 on builds each
 * step's input from the messages the last `prepareStep` returned). Every message the
 * harness adds is marked, and a marked message in the framework's history is dropped
 * before anything else: the ledger sees the framework's own history either way.
 */
export class ConversationLedger<Item extends object> {
  private history: Item[] = [];
  private kept: { at: number; item: Item }[] = [];
  private started = false;
  private readonly fingerprints = new WeakMap<object, string>();
  private readonly ours = new WeakSet<object>();

  /**
   * Takes the history of this model call. Returns the items added since the last call,
   * or undefined when this history does not continue the last one (kept messages are dropped).
   */
  advance(framework: readonly Item[]): Item[] | undefined {
    const history = framework.filter((item) => !this.ours.has(item));
    const previous = this.history;
    const continues =
      this.started &&
      previous.length <= history.length &&
      previous.every((item, index) => this.same(item, history[index]!));
    this.started = true;
    this.history = [...history];
    if (!continues) {
      this.kept = [];
      return undefined;
    }
    return history.slice(previous.length);
  }

  /** Keeps a message after the current history, for this call and every later one. */
  keep(item: Item): void {
    this.kept.push({ at: this.history.length, item: this.mark(item) });
  }

  /** Marks a message added for this call only, so a later history that holds it drops it. */
  transient(item: Item): Item {
    return this.mark(item);
  }

  private mark(item: Item): Item {
    this.ours.add(item);
    return item;
  }

  /** The current history with every kept message in its place. */
  render(): Item[] {
    const items: Item[] = [];
    let next = 0;
    for (let index = 0; index <= this.history.length; index++) {
      for (; next < this.kept.length && this.kept[next]!.at === index; next++) {
        items.push(this.kept[next]!.item);
      }
      if (index < this.history.length) items.push(this.history[index]!);
    }
    return items;
  }

  private same(a: Item, b: Item): boolean {
    return a === b || this.fingerprint(a) === this.fingerprint(b);
  }

  private fingerprint(item: Item): string {
    let text = this.fingerprints.get(item);
    if (text === undefined) {
      text = JSON.stringify(item);
      this.fingerprints.set(item, text);
    }
    return text;
  }
}
