/**
 * Whether a text says anything. Zero-width spaces, joiners, bidi controls and other
 * format or control characters show nothing, so a content made only of them is as
 * blank as one made of spaces, though `trim()` keeps them.
 */
const INVISIBLE_ONLY = /^[\s\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0]*$/u;

export function isBlankText(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}
