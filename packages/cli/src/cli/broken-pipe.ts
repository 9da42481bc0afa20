/**
 * `plankeeper todos | head -1`: once the reader has what it wants it closes the pipe, and
 * the next write to stdout fails with EPIPE. Unix tools stop quietly then; Node would
 * report the stream's unhandled 'error' event with a stack trace. Nothing is lost: what
 * the command wrote to the store was stored before its output began.
 */
let installed = false;

/** Makes a closed stdout end the process quietly with `code` (0: the reader had enough). */
export function exitQuietlyOnBrokenPipe(code = 0): void {
  if (installed) return;
  installed = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(code);
    throw error;
  });
}
