/**
 * The demo's model (seed 000's scenario): a deterministic stand-in for an LLM that
 * plans the lookup, searches the knowledge base three times (which earns it a
 * reminder), updates its plan, drafts an answer from the passages the searches really
 * returned, and answers. If the main search finds nothing it says the sources are
 * insufficient instead of inventing policy. It reads only what a real model would see:
 * the messages it is sent.
 */
import type { ChatMessage, LocaleId, ModelClient, ModelRequest, ModelResponse } from 'plankeeper';
import { DEMO_TEXT, type DemoText } from './demo-text.js';
import { type Passage, passagesIn } from './search-passages.js';

export class AfterSalesDemoModel implements ModelClient {
  readonly name = 'demo:after-sales';
  private readonly text: DemoText;

  constructor(locale: LocaleId = 'en') {
    this.text = DEMO_TEXT[locale];
  }

  get question(): string {
    return this.text.question;
  }

  /** The system prompt the demo agent runs with. */
  get system(): string {
    return this.text.system;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const { messages } = request;
    // The step is how many replies the model has already given in this turn.
    const turnStart = messages.findLastIndex(
      (message) => message.role === 'user' && !message.injected,
    );
    const step = messages.slice(turnStart).filter((message) => message.role === 'assistant').length;
    const { items, queries } = this.text;
    const plan = (...statuses: string[]) =>
      call(step, 'todo_write', {
        todos: items.map(([content, activeForm], index) => ({
          content,
          activeForm,
          status: statuses[index],
        })),
      });
    switch (step) {
      case 0:
        return plan('in_progress', 'pending', 'pending');
      case 1:
      case 2:
      case 3:
        return call(step, 'knowledge_search', { query: queries[step - 1], limit: 2 });
      case 4:
        return plan('completed', 'completed', 'in_progress');
      case 5:
        // No passage to cite means no sourced draft: say so in the plan too.
        return plan(
          'completed',
          'completed',
          this.mainPassage(messages) ? 'completed' : 'cancelled',
        );
      default:
        return {
          message: { role: 'assistant', content: this.answer(messages) },
          finishReason: 'stop',
        };
    }
  }

  /** The top passage each search returned, in search order. */
  private topPassages(messages: readonly ChatMessage[]): (Passage | undefined)[] {
    return messages
      .filter(
        (message): message is ChatMessage & { role: 'tool' } =>
          message.role === 'tool' && message.name === 'knowledge_search',
      )
      .map((message) => passagesIn(message.content)[0]);
  }

  private mainPassage(messages: readonly ChatMessage[]): Passage | undefined {
    return this.topPassages(messages)[0];
  }

  /** The answer, from the top passage each search returned. */
  private answer(messages: readonly ChatMessage[]): string {
    const top = this.topPassages(messages);
    const main = top[0];
    if (!main) return this.text.insufficient;
    const parts = [this.text.intro];
    top.forEach((passage, index) => {
      if (passage)
        parts.push(`• ${this.text.topics[index as 0 | 1 | 2]}: ${oneParagraph(passage)}`);
    });
    const limit = Number(this.text.dayPattern.exec(main.text)?.[1]);
    const { daysAgo } = this.text;
    parts.push(
      Number.isFinite(limit)
        ? daysAgo <= limit
          ? this.text.withinWindow(daysAgo, limit)
          : this.text.outsideWindow(daysAgo, limit)
        : this.text.checkWindow,
    );
    const sources = [...new Set(top.flatMap((passage) => (passage ? [citation(passage)] : [])))];
    parts.push(`${this.text.sources}:\n${sources.map((source) => `- ${source}`).join('\n')}`);
    return parts.join('\n\n');
  }
}

function call(step: number, name: string, args: Record<string, unknown>): ModelResponse {
  return {
    message: {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: `demo_${step}`, name, arguments: JSON.stringify(args) }],
    },
    finishReason: 'tool_calls',
  };
}

/** The passage on one line block: Markdown emphasis dropped, wrapped lines joined. */
function oneParagraph(passage: Passage): string {
  return passage.text
    .replace(/\*\*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
}

function citation(passage: Passage): string {
  return `${passage.source} § ${passage.heading}`;
}
