/** Helpers for text shown in the UI. */

export function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function truncate(text, max) {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function countWords(text) {
  return text.split(/\s+/).filter(Boolean).length;
}

export function isPalindrome(text) {
  const letters = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return letters === [...letters].reverse().join('');
}

export function camelCase(text) {
  return text
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}

export function initials(name) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase())
    .join('');
}
