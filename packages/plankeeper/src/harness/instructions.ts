/**
 * The system-prompt guidance on planning (seed 001: decide simple vs complex first, and
 * plan only the complex). Hosts may replace it whole.
 */
import { getLocale, type Locale, type LocaleId } from '../locale/index.js';

export function defaultInstructions(locale: Locale | LocaleId = 'en'): string {
  return (typeof locale === 'object' ? locale : getLocale(locale)).harness.instructions;
}
