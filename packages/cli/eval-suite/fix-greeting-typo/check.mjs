// greet() says "Hello" and farewell() is untouched.
import { resolve } from 'node:path';
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
const { greet, farewell } = await import(pathToFileURL(resolve('src/greet.js')).href);
if (greet('Ada') !== 'Hello, Ada!') fail(`greet("Ada") returns ${JSON.stringify(greet('Ada'))}`);
if (farewell('Ada') !== 'Goodbye, Ada.') fail('farewell() changed');
