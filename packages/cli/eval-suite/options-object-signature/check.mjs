// formatPrice takes an options object, and every caller gives the same text as before.
import { readdirSync, readFileSync } from 'node:fs';
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
const load = (path) => import(pathToFileURL(resolve(path)).href);
const { formatPrice } = await load('src/format-price.js');
if (formatPrice.length !== 1) fail('formatPrice should take one parameter');
if (formatPrice({ amount: 1234, currency: 'EUR' }) !== '12.34 EUR') fail('formatPrice({...})');
if (formatPrice({ amount: 5 }) !== '0.05 USD') fail('currency no longer defaults to USD');

const same = async (path, name, args, expected) => {
  let got;
  try {
    got = (await load(path))[name](...args);
  } catch (error) {
    fail(`${path}: ${name}() throws ${error.message}`);
  }
  if (JSON.stringify(got) !== JSON.stringify(expected)) fail(`${path}: ${name}() gives ${got}`);
};
await same('src/cart.js', 'cartTotalLine', [999], 'Total: 9.99 USD');
await same(
  'src/invoice.js',
  'invoiceLines',
  [[{ name: 'pen', cents: 150 }], 'EUR'],
  ['pen  1.50 EUR'],
);
await same('src/receipt.js', 'receiptFooter', [2000, 75], 'Paid 20.00 GBP, change 0.75 GBP');
await same(
  'src/email.js',
  'refundEmail',
  ['Ada', 4200, 'CHF'],
  'Hello Ada, we refunded 42.00 CHF.',
);
await same(
  'src/admin/report.js',
  'revenueReport',
  [{ USD: 100, JPY: 20000 }],
  '1.00 USD | 200.00 JPY',
);

// The callers, not the definition: `function formatPrice(options)` is a fine way to write it.
const callers = readdirSync('src', { recursive: true }).filter(
  (path) => path.endsWith('.js') && path !== 'format-price.js',
);
for (const path of callers) {
  if (/\b(formatPrice|price)\((?!\s*\{)/.test(readFileSync(join('src', path), 'utf8'))) {
    fail(`src/${path} still calls formatPrice with positional arguments`);
  }
}
