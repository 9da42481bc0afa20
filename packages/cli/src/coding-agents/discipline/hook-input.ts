/** A non-empty string field of a hook's JSON input, else undefined: the core's `hookText`. */
export { hookText as text } from 'plankeeper/hooks';
