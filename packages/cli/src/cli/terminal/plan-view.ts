/**
 * A live view of the plan for the terminal. On an interactive terminal it redraws the
 * plan in place — spinner on the item in progress, progress bar — and prints log lines
 * above it. Anywhere else (a pipe, a file, a CI log, NO_COLOR set) it prints the plain
 * rendering only when the plan changes, with no escape codes at all.
 *
 * @example
 * const view = createPlanView({ locale: 'en' });
 * view.update(snapshot.items);
 * view.logLine('→ search_docs {"query": "returns"}');
 * view.stop();
 */

import type { TodoItem } from 'plankeeper';
import { getLocale, type Locale, type LocaleId, renderPlan } from 'plankeeper';
import { ansi, inertText } from './ansi.js';
import { formatLine, liveLines, SPINNER_FRAMES } from './live-plan-lines.js';

/** What the view writes to: `process.stdout`, or anything shaped like it. */
export interface PlanViewStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
  rows?: number;
  on?(event: 'resize', listener: () => void): unknown;
  off?(event: 'resize', listener: () => void): unknown;
}

export interface PlanViewOptions {
  stream?: PlanViewStream;
  locale?: Locale | LocaleId;
  /** Redraw in place. Default: the stream is a TTY, NO_COLOR is unset and TERM is not `dumb`. */
  interactive?: boolean;
  /** Colour the live block. Default: unless NO_COLOR is set; plain mode never colours. */
  color?: boolean;
  /** Spinner frame interval. Default 80 ms. */
  spinnerMs?: number;
  /** Environment to read NO_COLOR and TERM from. Default `process.env`. */
  env?: Record<string, string | undefined>;
}

export interface PlanView {
  /** Shows `items` as the current plan. */
  update(items: readonly TodoItem[]): void;
  /** Prints a line of output above the live block (or in sequence, in plain mode). */
  logLine(text: string): void;
  /** Stops the spinner and leaves the last plan on screen. Later updates are ignored. */
  stop(): void;
  readonly interactive: boolean;
}

export function createPlanView(options: PlanViewOptions = {}): PlanView {
  const stream = options.stream ?? process.stdout;
  const env = options.env ?? process.env;
  const locale = typeof options.locale === 'object' ? options.locale : getLocale(options.locale);
  const interactive =
    options.interactive ?? (stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb');
  return interactive
    ? new LivePlanView(stream, locale, options.color ?? !env.NO_COLOR, options.spinnerMs ?? 80)
    : new PlainPlanView(stream, locale);
}

class PlainPlanView implements PlanView {
  readonly interactive = false;
  private last: string | undefined;
  private stopped = false;

  constructor(
    private readonly stream: PlanViewStream,
    private readonly locale: Locale,
  ) {}

  update(items: readonly TodoItem[]): void {
    if (this.stopped) return;
    const text = renderPlan(items, { locale: this.locale, notes: true });
    if (text === this.last) return;
    this.last = text;
    this.stream.write(`${text}\n`);
  }

  logLine(text: string): void {
    this.stream.write(`${inertText(text)}\n`);
  }

  stop(): void {
    this.stopped = true;
  }
}

class LivePlanView implements PlanView {
  readonly interactive = true;
  private items: readonly TodoItem[] | undefined;
  private shown = '';
  /** Lines of the block currently on screen, above the cursor. */
  private drawn = 0;
  private frame = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly onResize = () => this.draw();

  constructor(
    private readonly stream: PlanViewStream,
    private readonly locale: Locale,
    private readonly color: boolean,
    private readonly spinnerMs: number,
  ) {
    stream.on?.('resize', this.onResize);
  }

  update(items: readonly TodoItem[]): void {
    if (this.stopped) return;
    const key = JSON.stringify(items);
    if (key === this.shown) return;
    this.shown = key;
    this.items = items.map((item) => ({ ...item }));
    this.spin(items.some((item) => item.status === 'in_progress'));
    this.draw();
  }

  logLine(text: string): void {
    if (this.stopped) {
      this.stream.write(`${inertText(text)}\n`);
      return;
    }
    // Clear the block, print the line where it was, then draw the block below it.
    this.draw(`${inertText(text)}\n`);
  }

  stop(): void {
    if (this.stopped) return;
    this.spin(false);
    this.draw();
    this.stopped = true;
    this.stream.off?.('resize', this.onResize);
  }

  private spin(on: boolean): void {
    if (on && !this.timer) {
      this.timer = setInterval(() => {
        this.frame = (this.frame + 1) % SPINNER_FRAMES.length;
        this.draw();
      }, this.spinnerMs);
      // A spinner must never keep the process alive on its own.
      this.timer.unref();
    } else if (!on && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private draw(above = ''): void {
    const width = Math.max(20, (this.stream.columns ?? 80) - 1);
    const maxLines = Math.max(3, (this.stream.rows ?? 40) - 1);
    const lines = this.items
      ? liveLines(this.items, {
          locale: this.locale,
          frame: this.timer ? SPINNER_FRAMES[this.frame] : undefined,
          maxLines,
        })
      : [];
    let out = `${ansi.up(this.drawn)}\r`;
    if (above) out += `${ansi.clearBelow}${above}`;
    for (const line of lines) out += `${ansi.clearLine}${formatLine(line, width, this.color)}\n`;
    out += ansi.clearBelow;
    this.drawn = lines.length;
    this.stream.write(out);
  }
}
