const FALLBACK_PORT = 4173;

/** Where the dev server listens: the given port, then $PORT, then the fallback. */
export function resolvePort(given, environment = process.env) {
  return given ?? (environment.PORT ? Number(environment.PORT) : FALLBACK_PORT);
}
