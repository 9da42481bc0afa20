/** Moved beside the coding agents' hooks, which suggest event names with it too. */
export { didYouMean } from '../coding-agents/did-you-mean.js';
