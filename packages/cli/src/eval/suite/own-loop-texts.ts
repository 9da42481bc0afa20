/** What the model reads in an own-loop suite run besides the task: the system prompt, per language. */
import type { LocaleId } from 'plankeeper';

export const OWN_LOOP_SYSTEM: Record<LocaleId, string> = {
  en: 'You work in a project folder. Use read_file, edit_file and run_shell there to do the task. When it is done, answer with a short summary.',
  zh: '你在一个项目文件夹中工作。用 read_file、edit_file 和 run_shell 完成任务。完成后，简短总结你做了什么。',
};
