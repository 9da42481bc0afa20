import { describe, expect, it } from 'vitest';
import { ACP_TEXTS } from './acp-texts.js';

describe.each(['en', 'zh'] as const)('what plankeeper acp says (%s)', (lang) => {
  const texts = ACP_TEXTS[lang];
  it('matches the snapshot', () => {
    expect({
      cancelledPrefix: texts.cancelledPrefix,
      missingCommand: texts.missingCommand,
      notAnOption: texts.notAnOption('--stor'),
      agentNotStarted: texts.agentNotStarted('gemini --experimental-acp', 'ENOENT'),
      planOff: texts.planOff('unable to open database file'),
      memoryStore: texts.memoryStore,
      approvalQuestion: texts.approvalQuestion(['Write the parser', 'Test the parser']),
      approverName: texts.approverName,
      approved: texts.approved('Ada'),
      approvedUnnamed: texts.approved(undefined),
      notApproved: texts.notApproved,
      changedWhileAsked: texts.changedWhileAsked,
      approvalFailed: texts.approvalFailed('Method not found'),
    }).toMatchSnapshot();
  });

  it('says each thing in one line', () => {
    const lines = [
      texts.missingCommand,
      texts.notAnOption('--stor'),
      texts.agentNotStarted('x', 'y'),
      texts.planOff('z'),
      texts.memoryStore,
      texts.approverName,
      texts.approved('Ada'),
      texts.notApproved,
      texts.changedWhileAsked,
      texts.approvalFailed('x'),
    ];
    for (const line of lines) expect(line).not.toContain('\n');
  });
});
