/** What the HTTP client needs from the configuration. */
export function clientSettings(config) {
  return {
    baseUrl: `http://${config.host}:${config.port ?? 80}`,
    waitMs: config.timeoutMs ?? 1000,
    retries: config.retries ?? 0,
  };
}
