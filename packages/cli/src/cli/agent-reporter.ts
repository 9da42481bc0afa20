/**
 * Shows an agent run in the terminal: the live plan view, each tool call and what came
 * back, every reminder or bounce the harness sent, and every notice for the person.
 */
import type { AgentEvent, AgentObserver, LocaleId } from 'plankeeper';
import { ALL_PLAN_TOOL_NAMES } from 'plankeeper';
import { HARNESS_LABELS, NOTICE_LABELS } from './harness-labels.js';
import type { PlanView } from './terminal/index.js';

const MAX_ARGUMENT_CHARS = 120;
const MAX_VALUE_CHARS = 48;

/** One line of at most `limit` characters, cut after a whole word. */
function shorten(text: string, limit: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= limit) return line;
  const cut = line.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > limit / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * A call's arguments as `name=value` pairs a person reads at a glance: a list as its
 * length, a long text cut after a word; never JSON cut in the middle.
 */
function argumentsLine(args: unknown, locale: LocaleId): string {
  if (typeof args === 'string') {
    // Models send their arguments as JSON text: shown as pairs when they are an object.
    const parsed = parseObject(args);
    return parsed ? argumentsLine(parsed, locale) : shorten(args, MAX_ARGUMENT_CHARS);
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    return shorten(JSON.stringify(args) ?? '', MAX_ARGUMENT_CHARS);
  }
  const pairs = Object.entries(args).map(([name, value]) => `${name}=${valueText(value, locale)}`);
  return shorten(pairs.join(' '), MAX_ARGUMENT_CHARS);
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const COUNTS: Record<LocaleId, (count: number) => string> = {
  en: (count) => `${count} ${count === 1 ? 'item' : 'items'}`,
  zh: (count) => `${count} 项`,
};

function valueText(value: unknown, locale: LocaleId): string {
  if (Array.isArray(value)) return `[${COUNTS[locale](value.length)}]`;
  if (typeof value === 'string') return JSON.stringify(shorten(value, MAX_VALUE_CHARS));
  if (value !== null && typeof value === 'object') return '{…}';
  return String(value);
}

/** The harness's text as a line: the tags the model reads (`<reminder>`) are not for people. */
function harnessLine(text: string): string {
  return shorten(text.replace(/<\/?reminder>/g, ''), 140);
}

export function createAgentReporter(view: PlanView, locale: LocaleId = 'en'): AgentObserver {
  const labels = HARNESS_LABELS[locale];
  return (event: AgentEvent) => {
    switch (event.type) {
      case 'tool-started': {
        view.logLine(`→ ${event.call.name} ${argumentsLine(event.call.arguments, locale)}`);
        break;
      }
      case 'tool-finished': {
        // Plan results show up in the plan view itself; only their rejections are logged.
        const planTool = ALL_PLAN_TOOL_NAMES.includes(event.call.name);
        const [first = '', ...rest] = event.observation.split('\n');
        if (!event.ok || !planTool)
          view.logLine(`  ${event.ok ? '✓' : '✗'} ${shorten(first, 100)}`);
        if (!event.ok && planTool) view.logLine(`  ${shorten(rest.join(' '), 140)}`);
        break;
      }
      case 'plan-updated':
        view.update(event.items);
        break;
      case 'harness-injected':
        if (event.kind !== 'plan')
          view.logLine(`! ${labels[event.kind]}: ${harnessLine(event.text)}`);
        break;
      case 'notice-given':
        // In full: it is the person's to act on, and short. The view escapes what it prints.
        view.logLine(`! ${NOTICE_LABELS[locale]}: ${event.text}`);
        break;
      default:
        break;
    }
  };
}
