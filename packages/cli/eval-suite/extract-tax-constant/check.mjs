// Every module takes the rate from src/constants.js: a copy of the workspace with the constant
// changed to 0.5 must give results at 50%, and the workspace itself results at 20%.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const results = async (root) => {
  const load = (path) => import(pathToFileURL(join(root, path)).href);
  const { TAX_RATE } = await load('src/constants.js');
  return {
    rate: TAX_RATE,
    gross: (await load('src/price.js')).gross(1000),
    taxLine: (await load('src/invoice.js')).taxLine(1000),
    netRefund: (await load('src/refund.js')).netRefund(1200),
    summary: JSON.stringify((await load('src/summary.js')).summary([400, 600])),
  };
};
const expect = (got, want, label) => {
  for (const [key, value] of Object.entries(want)) {
    if (got[key] !== value) fail(`${label}: ${key} is ${got[key]}, should be ${value}`);
  }
};
let now;
try {
  now = await results(resolve('.'));
} catch (error) {
  fail(`src/constants.js or a module does not load: ${error.message}`);
}
expect(now, { rate: 0.2, gross: 1200, taxLine: 'VAT 20%: 200', netRefund: 1000 }, 'at 0.2');
expect(now, { summary: '{"net":1000,"tax":200,"gross":1200}' }, 'at 0.2');

const copy = mkdtempSync(join(tmpdir(), 'tax-'));
process.on('exit', () => rmSync(copy, { recursive: true, force: true }));
cpSync('src', join(copy, 'src'), { recursive: true });
cpSync('package.json', join(copy, 'package.json'));
const constants = join(copy, 'src/constants.js');
writeFileSync(constants, readFileSync(constants, 'utf8').replace(/0\.2\b/, '0.5'));
const changed = await results(copy);
expect(changed, { rate: 0.5, gross: 1500, taxLine: 'VAT 50%: 500', netRefund: 800 }, 'at 0.5');
expect(changed, { summary: '{"net":1000,"tax":500,"gross":1500}' }, 'at 0.5');
