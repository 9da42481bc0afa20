// Stands between the proxy and the real agent and records the bytes each way, unchanged:
// `node acp-tap.mjs <to-agent.log> <from-agent.log> -- <agent command...>`. The tests compare
// them with what the editor sent and got, to prove the proxy passed the agent's bytes through.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const [toAgentLog, fromAgentLog, separator, file, ...args] = process.argv.slice(2);
if (separator !== '--' || !file) {
  process.stderr.write('usage: acp-tap.mjs <to-agent.log> <from-agent.log> -- <command...>\n');
  process.exit(2);
}
const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.on('data', (chunk) => {
  appendFileSync(toAgentLog, chunk);
  child.stdin.write(chunk);
});
process.stdin.on('end', () => child.stdin.end());
child.stdout.on('data', (chunk) => {
  appendFileSync(fromAgentLog, chunk);
  process.stdout.write(chunk);
});
// A signal for the agent (the proxy ending it) reaches it; the tap goes when it does.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('close', (code) => process.exit(code ?? 1));
