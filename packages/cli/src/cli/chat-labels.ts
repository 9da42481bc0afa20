/** What `plankeeper chat` itself says to the person at the prompt, in each language. */
import type { LocaleId } from 'plankeeper';

export interface ChatLabels {
  banner(model: string, session: string): string;
  unknownCommand(line: string): string;
}

export const CHAT_LABELS: Record<LocaleId, ChatLabels> = {
  en: {
    banner: (model, session) =>
      `plankeeper chat · ${model} · session ${session} (resume with --session ${session})`,
    unknownCommand: (line) => `Unknown command ${line}. Use /todos, /clear or /exit.`,
  },
  zh: {
    banner: (model, session) =>
      `plankeeper chat · ${model} · 会话 ${session}（用 --session ${session} 继续）`,
    unknownCommand: (line) => `没有 ${line} 这个命令。可用：/todos、/clear、/exit。`,
  },
};
