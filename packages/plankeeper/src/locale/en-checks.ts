import { checkSummary, checkEnding as how } from '../engine/check-record.js';
import { type CheckTexts, quotedOutput } from './check-texts.js';

export const enChecks: CheckTexts = {
  refused: (result, refusal, max) =>
    `Not done yet: the check \`${result.command}\` fails after your changes (${how(result)}).${result.tail ? ` Its last lines:\n${quotedOutput(result.tail)}` : ''}\nFix the cause, then answer again. (Refusal ${refusal} of ${max}; the check runs again when you answer.)`,
  stillFailing: (result, max) =>
    `plankeeper: the check \`${result.command}\` still fails (${how(result)}); the agent's answer went through after ${max} ${max === 1 ? 'refusal' : 'refusals'}.`,
  cannotStart: (result) =>
    `plankeeper: the check \`${result.command}\` could not start${result.tail ? ` (${result.tail.split('\n')[0]})` : ''}; it blocks nothing until the setup is fixed.`,
  summary: checkSummary,
  goalCheck: (task, last) =>
    `Before finishing, check your answer against the original request point by point:\n${task}\nThe person's check last ran as: \`${last.command}\` → ${how(last)}. If something is missing, fix it now. If part of it cannot be done, say plainly what and why. Otherwise repeat your final answer.`,
};
