/**
 * Runs the server's own cleanup on close however the caller sets `onclose` later (hosts
 * often do): the host's handler is kept and called after ours.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

export function setCloseHandler(server: Server, cleanup: () => void): void {
  let hostOnClose: (() => void) | undefined;
  const onClose = () => {
    cleanup();
    hostOnClose?.();
  };
  Object.defineProperty(server, 'onclose', {
    get: () => onClose,
    set: (handler: (() => void) | undefined) => {
      hostOnClose = handler;
    },
  });
}
