import { describe, expect, it } from 'vitest';
import { printModeNote } from './extension-texts.js';

describe('what the Pi extension tells the person', () => {
  it.each(['en', 'zh'] as const)('in print mode (%s)', (lang) => {
    expect(printModeNote(lang)).toMatchSnapshot();
  });
});
