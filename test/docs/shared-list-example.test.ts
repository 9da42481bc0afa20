/** examples/shared-list.ts (the README's "Shared lists") does what its comments say. */
import { describe, expect, it, vi } from 'vitest';
import { sharedList } from '../../examples/shared-list.js';

describe('examples/shared-list.ts', () => {
  it('refuses the other session, shows it the owner, and releases a gone session', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const { refused, section, released } = await sharedList();
      expect(refused.ok).toBe(false);
      expect(refused.text).toContain(
        '- #1 Write the changelog is in progress by ana; leave it as it is and work on another item.',
      );
      expect(section).toBe(
        [
          '### Current todo list (0/2 completed)',
          '- [>] #1 Write the changelog [ana]',
          '- [>] #2 Tag the release [bo]',
          'Others: ana on #1 Write the changelog',
        ].join('\n'),
      );
      expect(released).toEqual(['1']);
    } finally {
      log.mockRestore();
    }
  });
});
