/** What the Pi extension itself tells the person, in each language. */
import type { LocaleId } from 'plankeeper';

const PRINT_MODE_NOTE: Record<LocaleId, string> = {
  en: "plankeeper: Pi's print mode (-p) ends before an extension sees the run end, so the checks before an answer cannot send the model back there; they run in Pi's interactive and RPC modes.",
  zh: 'plankeeper：Pi 的打印模式（-p）在扩展看到运行结束之前就退出，因此回答前的检查无法在那里让模型继续；它们在 Pi 的交互模式和 RPC 模式中运行。',
};

export function printModeNote(lang: LocaleId): string {
  return PRINT_MODE_NOTE[lang] ?? PRINT_MODE_NOTE.en;
}
