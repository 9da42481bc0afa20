import { ConfigurationError } from './errors.js';

/** Bounds the engine enforces on every write. */
export interface PlanLimits {
  /** Most items a plan may hold. Default 20, as in the seed design. */
  maxItems: number;
  /** Longest `content`, in characters. */
  maxContentLength: number;
  /** Longest `description`, `activeForm`, `note` or completion reason, in characters. */
  maxTextLength: number;
}

export const DEFAULT_LIMITS: PlanLimits = {
  maxItems: 20,
  maxContentLength: 300,
  maxTextLength: 1000,
};

export function resolveLimits(limits: Partial<PlanLimits> = {}): PlanLimits {
  const resolved = { ...DEFAULT_LIMITS, ...limits };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new ConfigurationError(`Plan limit ${name} must be a positive integer, got ${value}.`);
    }
  }
  return resolved;
}
