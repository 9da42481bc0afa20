import { LEVELS } from './levels.js';

/** A logger that writes lines at `level` and above to `write` (console.log by default). */
export function createLogger(level = 'info', write = console.log) {
  const threshold = LEVELS.indexOf(level);
  const at = (name) => (message) => {
    if (LEVELS.indexOf(name) >= threshold) write(`[${name}] ${message}`);
  };
  return {
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
}
