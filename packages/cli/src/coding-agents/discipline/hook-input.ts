/** Moved to ../hook-adapter.ts; kept for the adapters that still import it from here. */
export { text } from '../hook-adapter.js';
