/** SIGINT/SIGTERM as a promise, for commands that run until stopped (the store is closed, pending writes finish). */
export function watchSignals(): { received: Promise<void>; dispose(): void } {
  let stop = () => {};
  const received = new Promise<void>((resolve) => {
    stop = () => resolve();
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    received,
    dispose() {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}
