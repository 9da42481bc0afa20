/** What the server needs from the configuration: idle connections live twice the timeout. */
export function serverSettings(config) {
  return { port: config.port, idleMs: config.timeoutMs * 2 };
}
