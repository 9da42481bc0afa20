/**
 * plankeeper inside Pi, in Pi's own process: the plan tools, the plan section before every
 * model call, the approval hold and the plan file guard before a tool runs, and at the end of
 * a run the checks before an answer (finish, goal, the person's commands), which send the
 * model back with a user message when they refuse it, bounded as in every host. Plans are
 * keyed by Pi's session. It fails open: an error inside plankeeper is one line on stderr,
 * and Pi goes on as if plankeeper were absent for that event.
 *
 * The file setup writes into `.pi/extensions/` finds this module beside the `plankeeper`
 * the project uses and calls `plankeeperExtension` with the options setup chose (loader.ts).
 */
import { defaultInstructions, getLocale, type LocaleId } from 'plankeeper';
import { failOpen, HOOK_DEADLINE_MS } from 'plankeeper/hooks';
import { DEFAULT_CHECK_TIMEOUT_SEC } from '../../setup/check-values.js';
import { type ExtensionPlans, openExtensionPlans } from './extension-plans.js';
import { printModeNote } from './extension-texts.js';
import { announceSession } from './parent-session.js';
import { registerPlanTools } from './pi-plan-tools.js';
import { PiSessionPlan } from './pi-session-plan.js';
import type { PiContext, PiEvents, PiExtensionApi, PiHandlerResult } from './pi-types.js';

export async function plankeeperExtension(
  pi: PiExtensionApi,
  options: readonly string[],
): Promise<void> {
  const projectDir = process.cwd();
  const plans = await openExtensionPlans(options, projectDir, process.env);
  const sessions = new Map<string, PiSessionPlan>();
  // The context of the latest event: a notice goes to the person through Pi's current UI.
  let latest: PiContext | undefined;
  const sessionOf = (ctx: PiContext): PiSessionPlan => {
    latest = ctx;
    const id = ctx.sessionManager.getSessionId();
    let session = sessions.get(id);
    if (!session) {
      announceSession(process.env, process.pid, id);
      session = new PiSessionPlan(plans, id, projectDir, (text) => tellPerson(latest, text));
      sessions.set(id, session);
    }
    return session;
  };
  registerPlanTools(pi, plans, sessionOf);
  answerTurnEvents(pi, plans, sessionOf);
  answerRunEnd(pi, plans, sessionOf);
  pi.on('session_shutdown', async () => {
    await plans.close().catch(() => {});
    return undefined;
  });
}

type SessionOf = (ctx: PiContext) => PiSessionPlan;

/** A prompt, each model call, each tool call and result, a compaction. */
function answerTurnEvents(pi: PiExtensionApi, plans: ExtensionPlans, sessionOf: SessionOf): void {
  const on = answering(pi);
  const instructions = defaultInstructions(getLocale(langOf(plans)));
  on('before_agent_start', async (event, ctx) => {
    await sessionOf(ctx).prompt(event.prompt);
    // The planning guidance `plankeeper mcp` gives as its instructions, the same every turn.
    return { systemPrompt: `${event.systemPrompt}\n\n${instructions}` };
  });
  on('context', async (event, ctx) => ({
    messages: await sessionOf(ctx).context(event.messages),
  }));
  if (plans.options.approval || plans.planFile !== undefined) {
    on('tool_call', async (event, ctx) => {
      const reason = await sessionOf(ctx).held(event.toolName, event.input, ctx.cwd);
      return reason === undefined ? undefined : { block: true, reason };
    });
  }
  on('tool_result', async (event, ctx) => {
    sessionOf(ctx).toolResult(event.toolName, event.toolCallId, event.isError);
    return undefined;
  });
  on('session_compact', async (_event, ctx) => {
    sessionOf(ctx).compacted();
    return undefined;
  });
}

/** The end of a run: the checks before an answer; a refusal sends the model back. */
function answerRunEnd(pi: PiExtensionApi, plans: ExtensionPlans, sessionOf: SessionOf): void {
  let toldPrintMode = false;
  answering(pi)(
    'agent_end',
    async (event, ctx) => {
      if (!ctx.hasUI) {
        // Pi's print mode prints the answer and ends before an extension sees the run end.
        if (!toldPrintMode) process.stderr.write(`${printModeNote(langOf(plans))}\n`);
        toldPrintMode = true;
        return undefined;
      }
      const text = await sessionOf(ctx).answered(event.messages);
      if (text !== undefined) pi.sendUserMessage(text);
      return undefined;
    },
    answerDeadline(plans),
  );
}

function langOf(plans: ExtensionPlans): LocaleId {
  return (plans.options.lang ?? 'en') as LocaleId;
}

type Handler<Name extends keyof PiEvents> = (
  event: PiEvents[Name],
  ctx: PiContext,
) => Promise<PiHandlerResult>;

/** `pi.on` failing open: past the deadline or on an error, one line on stderr and no answer. */
function answering(pi: PiExtensionApi) {
  return <Name extends keyof PiEvents>(
    name: Name,
    handler: Handler<Name>,
    deadlineMs = HOOK_DEADLINE_MS,
  ): void => {
    pi.on(name, (event, ctx) =>
      failOpen<PiHandlerResult>(() => handler(event, ctx), {
        deadlineMs,
        neutral: undefined,
        onError: (error) => {
          const message = error instanceof Error ? error.message : String(error);
          process.stderr.write(
            `plankeeper (pi ${name}): ${oneLine(message)} (went on without it)\n`,
          );
        },
      }),
    );
  };
}

/** The end of a run waits for the person's checks, each within its own limit. */
function answerDeadline({ options }: ExtensionPlans): number {
  const commands = options.verify?.length ?? 0;
  const eachMs = (options.verifyTimeoutSec ?? DEFAULT_CHECK_TIMEOUT_SEC) * 1000;
  return HOOK_DEADLINE_MS + commands * eachMs;
}

/** A notice for the person: Pi's notification where it shows one, else stderr. */
function tellPerson(ctx: PiContext | undefined, text: string): void {
  if (ctx?.hasUI) ctx.ui.notify(text, 'warning');
  else process.stderr.write(`${text}\n`);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
