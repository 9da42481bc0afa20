/**
 * `promise`'s value, or undefined when it fails or takes longer than `ms`: the plugin fails open
 * and time-boxes its own work (a hook that throws in `chat.message` would kill the turn).
 */
export function withTimeout<T>(promise: T | Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  return Promise.race([Promise.resolve(promise).catch(() => undefined), late]).finally(() =>
    clearTimeout(timer),
  );
}
