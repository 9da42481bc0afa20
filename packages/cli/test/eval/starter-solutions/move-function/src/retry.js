import { parseDuration } from './time.js';
import { clamp } from './utils.js';

export function backoff(attempt, base = '500ms') {
  return clamp(parseDuration(base) * 2 ** attempt, 0, parseDuration('30s'));
}
