/**
 * Shows an agent run in the terminal: the live plan view, each tool call and what came
 * back, and every reminder or bounce the harness sent.
 */
import type { AgentEvent, AgentObserver, LocaleId } from 'plankeeper';
import { ALL_PLAN_TOOL_NAMES } from 'plankeeper';
import { HARNESS_LABELS } from './harness-labels.js';
import type { PlanView } from './terminal/index.js';

const MAX_ARGUMENT_CHARS = 120;

function shorten(text: string, limit: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}

export function createAgentReporter(view: PlanView, locale: LocaleId = 'en'): AgentObserver {
  const labels = HARNESS_LABELS[locale];
  return (event: AgentEvent) => {
    switch (event.type) {
      case 'tool-started': {
        const args =
          typeof event.call.arguments === 'string'
            ? event.call.arguments
            : JSON.stringify(event.call.arguments);
        view.logLine(`→ ${event.call.name} ${shorten(args, MAX_ARGUMENT_CHARS)}`);
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
          view.logLine(`! ${labels[event.kind]}: ${shorten(event.text, 140)}`);
        break;
      default:
        break;
    }
  };
}
