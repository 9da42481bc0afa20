/**
 * The RFC 6902 JSON Patch that turns one JSON value into another, for `STATE_DELTA`. The
 * state here is small and plain (objects, arrays, strings, numbers), so a short structural
 * diff does it without a dependency for the core: objects key by key, arrays index by
 * index with additions and removals at the end (removed last first, so every index the
 * patch names is valid when a client applies it in order).
 */

export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

export type JsonPatchOperation =
  | { op: 'add'; path: string; value: JsonValue }
  | { op: 'replace'; path: string; value: JsonValue }
  | { op: 'remove'; path: string };

/** The operations that turn `before` into `after`; none when they are equal. */
export function jsonPatch(before: JsonValue, after: JsonValue, path = ''): JsonPatchOperation[] {
  if (Array.isArray(before) && Array.isArray(after)) return arrayPatch(before, after, path);
  if (isObject(before) && isObject(after)) return objectPatch(before, after, path);
  if (before === after) return [];
  return [{ op: 'replace', path, value: after }];
}

function arrayPatch(before: JsonValue[], after: JsonValue[], path: string): JsonPatchOperation[] {
  const operations: JsonPatchOperation[] = [];
  const shared = Math.min(before.length, after.length);
  for (let index = 0; index < shared; index++) {
    operations.push(...jsonPatch(before[index]!, after[index]!, `${path}/${index}`));
  }
  for (let index = shared; index < after.length; index++) {
    operations.push({ op: 'add', path: `${path}/${index}`, value: after[index]! });
  }
  for (let index = before.length - 1; index >= shared; index--) {
    operations.push({ op: 'remove', path: `${path}/${index}` });
  }
  return operations;
}

function objectPatch(
  before: { [key: string]: JsonValue },
  after: { [key: string]: JsonValue },
  path: string,
): JsonPatchOperation[] {
  const operations: JsonPatchOperation[] = [];
  for (const key of Object.keys(before)) {
    if (!Object.hasOwn(after, key)) operations.push({ op: 'remove', path: pointer(path, key) });
  }
  for (const [key, value] of Object.entries(after)) {
    operations.push(
      ...(Object.hasOwn(before, key)
        ? jsonPatch(before[key]!, value, pointer(path, key))
        : [{ op: 'add' as const, path: pointer(path, key), value }]),
    );
  }
  return operations;
}

function isObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 6901: `~` and `/` in a key are escaped as `~0` and `~1`. */
function pointer(path: string, key: string): string {
  return `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}
