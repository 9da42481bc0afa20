/** Log levels, most verbose first: a logger prints its own level and everything after it. */
export const LEVELS = ['debug', 'info', 'warn', 'error'];
