// A stand-in for `plankeeper hook <agent>`: `fake-hook.mjs <calls file> <mode> --serve|<event>`.
// Each start appends a line to the calls file, so a test sees which processes ran.
// Modes: answers (every request answered), hangs (the event `hang` is never answered),
// dies (exits after its first answer), silent (--serve exits at once, answering nothing).
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [calls, mode, what] = process.argv.slice(2);
appendFileSync(calls, `${what} ${process.pid}\n`);
process.stderr.write(`started ${what}\n`);

if (what !== '--serve') {
  let input = '';
  process.stdin.on('data', (chunk) => {
    input += chunk;
  });
  process.stdin.on('end', () => {
    process.stdout.write(JSON.stringify({ by: 'one-shot', event: what, input: JSON.parse(input) }));
  });
} else if (mode === 'silent') {
  process.exit(1);
} else {
  createInterface({ input: process.stdin }).on('line', (line) => {
    const { id, event, input } = JSON.parse(line);
    if (mode === 'hangs' && event === 'hang') return;
    const stdout = JSON.stringify({ by: 'serve', event, input });
    process.stdout.write(`${JSON.stringify({ id, stdout })}\n`);
    if (mode === 'dies') process.exit(0);
  });
}
