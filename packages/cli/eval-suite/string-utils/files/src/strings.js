/** Helpers for text shown in the UI. */

/** The text with its first character in upper case: `"hello world"` → `"Hello world"`. */
export function capitalize(_text) {
  throw new Error('not implemented');
}

/**
 * The text cut to at most `max` characters; when it is cut, the last kept character is
 * replaced by `…` so the result is still `max` long: `truncate("abcdef", 4)` → `"abc…"`.
 */
export function truncate(_text, _max) {
  throw new Error('not implemented');
}

/** How many words (runs of non-space characters) the text has: `"  a b  c "` → `3`. */
export function countWords(_text) {
  throw new Error('not implemented');
}

/** Whether the text reads the same backwards, ignoring case and anything but letters and digits. */
export function isPalindrome(_text) {
  throw new Error('not implemented');
}

/** Words separated by spaces, dashes or underscores joined in camelCase: `"user-id key"` → `"userIdKey"`. */
export function camelCase(_text) {
  throw new Error('not implemented');
}

/** The first letter of each word, in upper case: `"ada king lovelace"` → `"AKL"`. */
export function initials(_name) {
  throw new Error('not implemented');
}
