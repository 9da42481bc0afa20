/**
 * Labels of the harness's messages in the terminal transcript (`! reminder: ...`), in
 * each language: the message itself is in the run's language, so its label is too.
 */
import type { InjectionKind, LocaleId } from 'plankeeper';

/** The plan itself is shown by the plan view, so it needs no label. */
type LabelledKind = Exclude<InjectionKind, 'plan'>;

export const HARNESS_LABELS: Record<LocaleId, Record<LabelledKind, string>> = {
  en: {
    reminder: 'reminder',
    'finish-check': 'finish-check',
    'goal-check': 'goal-check',
    checks: 'checks',
    check: 'check',
  },
  zh: {
    reminder: '提醒',
    'finish-check': '收尾检查',
    'goal-check': '目标核对',
    checks: '检查命令',
    check: '检查',
  },
};

/**
 * The label of a notice for the person (a check still failing after the model's answers were
 * refused, one that cannot start): said to the person, not the model.
 */
export const NOTICE_LABELS: Record<LocaleId, string> = { en: 'notice', zh: '通知' };
