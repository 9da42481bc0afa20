/** Labels of the `run --script` transcript a person reads, in each language. */
import type { LocaleId } from 'plankeeper';

export const RUN_LABELS: Record<LocaleId, { task: string; answer: string }> = {
  en: { task: 'Task', answer: 'Answer' },
  zh: { task: '任务', answer: '答复' },
};
