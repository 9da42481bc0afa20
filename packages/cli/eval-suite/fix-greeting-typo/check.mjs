// greet() says "Hello" and farewell() is untouched.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const { greet, farewell } = await import(pathToFileURL(resolve('src/greet.js')).href);
if (greet('Ada') !== 'Hello, Ada!') fail(`greet("Ada") returns ${JSON.stringify(greet('Ada'))}`);
if (farewell('Ada') !== 'Goodbye, Ada.') fail('farewell() changed');
