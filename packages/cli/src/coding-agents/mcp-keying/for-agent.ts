/** Moved to ../mcp-keying.ts; kept for the modules that still import it from here. */
export * from '../mcp-keying.js';
