// The flag is gone from code, docs and tests; the new path is the only path; other flags stay.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
for (const folder of ['src', 'docs', 'test']) {
  for (const name of readdirSync(folder, { recursive: true })) {
    if (!statSync(join(folder, name)).isFile()) continue;
    if (readFileSync(join(folder, name), 'utf8').includes('newCheckout')) {
      fail(`${folder}/${name} still mentions newCheckout`);
    }
  }
}
const load = (path) => import(pathToFileURL(resolve(path)).href);
const { flags } = await load('src/flags.js');
if (flags.darkMode !== false || flags.giftCards !== true) fail('src/flags.js lost another flag');
const { checkoutSteps } = await load('src/checkout.js');
const { cartButton, giftCardField } = await load('src/cart-page.js');
const old = { newCheckout: false };
if (checkoutSteps(old).join() !== 'cart,pay,done') fail('checkout.js still has the old path');
if (cartButton(old) !== 'Pay now') fail('cart-page.js still has the old path');
if (giftCardField() !== 'Gift card code') fail('giftCardField() broke');
const docs = readFileSync('docs/flags.md', 'utf8');
if (!docs.includes('`darkMode`') || !docs.includes('`giftCards`')) fail('docs lost another flag');
const tests = readFileSync('test/checkout.test.js', 'utf8');
if (!tests.includes("'cart', 'pay', 'done'")) fail('the test of the new checkout is gone');
const run = spawnSync(process.execPath, ['test/checkout.test.js'], { encoding: 'utf8' });
if (run.status !== 0) fail(`tests fail: node test/checkout.test.js exits ${run.status}`);
