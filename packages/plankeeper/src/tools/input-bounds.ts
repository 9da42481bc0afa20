/**
 * Bounds on the size and shape of a tool call's arguments, checked before any deep work.
 * Validation, issue lists and copies all grow with the input; without a bound up front a
 * million ids cost hundreds of megabytes and a deeply nested value overflows the stack.
 * The walk uses an explicit stack, so the input never decides how deep we recurse.
 */
import type { PlanLimits } from '../engine/limits.js';
import type { PlanIssue } from '../engine/plan-issue.js';

export interface InputBounds {
  /** Longest argument string, and most characters (strings and keys) in an argument object. */
  maxChars: number;
  /** Deepest nesting of objects and arrays; the arguments object itself is level 1. */
  maxDepth: number;
  /** Most entries of any one array, and most fields of any one object. */
  maxEntries: number;
}

/** For tools that set none: generous, only there to keep a runaway input bounded. */
export const GENERIC_INPUT_BOUNDS: InputBounds = {
  maxChars: 12_000_000,
  maxDepth: 32,
  maxEntries: 10_000,
};

/**
 * Plan tool arguments are one list of flat items (depth 3). The character bound leaves
 * room for a full list at the longest texts, even with every character JSON-escaped;
 * the entry bound is loose so the schema's exact `maxItems` check still reports the
 * count together with the call's other problems.
 */
export function planInputBounds(limits: PlanLimits): InputBounds {
  const perItem = limits.maxContentLength + 3 * limits.maxTextLength + 200;
  return {
    maxChars: 6 * limits.maxItems * perItem + 10_000,
    maxDepth: 8,
    maxEntries: Math.max(100, 5 * limits.maxItems),
  };
}

/** A raw argument string too long to parse; checked before JSON.parse. */
export function oversizedText(raw: string, bounds: InputBounds): PlanIssue | undefined {
  return raw.length > bounds.maxChars
    ? { code: 'request_too_large', path: [], maximum: bounds.maxChars }
    : undefined;
}

/**
 * The first bound `value` breaks, or undefined. Also reports a field named `__proto__`
 * that a host's copy turned into the object's prototype (`copy[key] = value` does that):
 * the key is gone from the object, so without this check it would pass as known.
 */
export function exceededBound(value: unknown, bounds: InputBounds): PlanIssue | undefined {
  let chars = 0;
  // Objects and arrays still to visit; a node's path is built only when it breaks a bound,
  // and primitives are counted where they are found: this walk runs on every tool call.
  const stack: WalkNode[] = [{ value, depth: 1, parent: undefined, key: undefined }];
  const tooLarge = (): PlanIssue => ({
    code: 'request_too_large',
    path: [],
    maximum: bounds.maxChars,
  });
  while (stack.length > 0) {
    const node = stack.pop()!;
    chars += 1;
    if (chars > bounds.maxChars) return tooLarge();
    const container = node.value as object;
    if (node.depth > bounds.maxDepth) {
      return { code: 'too_deep', path: pathOf(node), maximum: bounds.maxDepth };
    }
    const isArray = Array.isArray(container);
    // Counted before the entries are listed: listing a million ids is the cost to avoid.
    const keys = isArray ? undefined : Object.keys(container);
    const count = isArray ? (container as unknown[]).length : keys!.length;
    if (count > bounds.maxEntries) {
      return { code: 'too_many_entries', path: pathOf(node), maximum: bounds.maxEntries, count };
    }
    if (!isArray && hasAssignedPrototype(container)) {
      const path = [...pathOf(node), '__proto__'];
      return { code: 'unknown_field', path, field: '__proto__', allowed: [] };
    }
    for (let index = 0; index < count; index++) {
      const key = isArray ? index : keys![index]!;
      if (typeof key === 'string') chars += key.length;
      const child = (container as Record<string | number, unknown>)[key];
      if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, depth: node.depth + 1, parent: node, key });
      } else {
        chars += typeof child === 'string' ? child.length : 1;
        if (chars > bounds.maxChars) return tooLarge();
      }
    }
  }
  return undefined;
}

interface WalkNode {
  value: unknown;
  depth: number;
  parent: WalkNode | undefined;
  key: string | number | undefined;
}

function pathOf(node: WalkNode): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: WalkNode | undefined = node; at?.key !== undefined; at = at.parent) {
    path.unshift(at.key);
  }
  return path;
}

/**
 * True when the prototype is a plain data object rather than Object.prototype, null or a
 * class's prototype (which owns `constructor`): the trace `obj.__proto__ = {...}` leaves.
 */
function hasAssignedPrototype(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return (
    proto !== Object.prototype && proto !== null && !Object.hasOwn(proto as object, 'constructor')
  );
}
