// Each of the six functions against a few cases; every function that fails is named.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const strings = await import(pathToFileURL(resolve('src/strings.js')).href);
const cases = {
  capitalize: [
    [['hello world'], 'Hello world'],
    [[''], ''],
    [['Already'], 'Already'],
  ],
  truncate: [
    [['abcdef', 4], 'abc…'],
    [['abc', 4], 'abc'],
    [['abcd', 4], 'abcd'],
  ],
  countWords: [
    [['  a b  c '], 3],
    [[''], 0],
    [['one'], 1],
  ],
  isPalindrome: [
    [['A man, a plan, a canal: Panama'], true],
    [['plankeeper'], false],
    [['No 1 on'], true],
  ],
  camelCase: [
    [['user-id key'], 'userIdKey'],
    [['Hello_World'], 'helloWorld'],
    [['single'], 'single'],
  ],
  initials: [
    [['ada king lovelace'], 'AKL'],
    [['  grace   hopper '], 'GH'],
  ],
};
const broken = Object.entries(cases).filter(([name, list]) =>
  list.some(([args, expected]) => {
    try {
      return strings[name](...args) !== expected;
    } catch {
      return true;
    }
  }),
);
if (broken.length > 0) {
  console.error(`check failed: not working: ${broken.map(([name]) => name).join(', ')}`);
  process.exit(1);
}
