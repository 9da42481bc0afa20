import { parseDuration } from './time.js';

export const DEFAULT_TIMEOUT = parseDuration('2m');
