#!/usr/bin/env node
/**
 * The structure figures a review asks for, measured from the source as it stands:
 * import circles, files over 300 lines, functions over 60 lines, the exports of the core's
 * `plankeeper/harness` entry, and the lines of source and tests. `node scripts/structure.mjs`
 * prints them; `--list` names every circle, long file and long function; `--json` prints one
 * document for a machine.
 *
 * Source is every `.ts`/`.mts` file under `packages/<name>/src` that is not a test; tests are
 * `*.test.ts` anywhere and everything under `packages/<name>/test` and `test/`. Circles are the
 * strongly connected parts of the graph of relative imports (type-only imports included: a
 * circle of types is still a circle to read), sized two files or more.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const LONG_FILE = 300;
const LONG_FUNCTION = 60;

function walk(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => !path.split('/').some((part) => part === 'node_modules' || part === 'dist'))
    .map((path) => join(folder, path))
    .filter((path) => statSync(path).isFile());
}

const isTypeScript = (path) => /\.m?ts$/.test(path) && !path.endsWith('.d.ts');
const isTest = (path) => /\.test(-d)?\.m?ts$/.test(path);

const packages = readdirSync(join(root, 'packages'));
const source = packages
  .flatMap((name) => walk(join(root, 'packages', name, 'src')))
  .filter((path) => isTypeScript(path) && !isTest(path));
const tests = [
  ...packages.flatMap((name) => walk(join(root, 'packages', name, 'src'))).filter(isTest),
  ...packages.flatMap((name) => walk(join(root, 'packages', name, 'test'))),
  ...walk(join(root, 'test')),
].filter(isTypeScript);

const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The file a relative specifier names: `./x.js` is `./x.ts`, a folder is its index. */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m?js)$/, '');
  for (const candidate of [
    `${stem}.ts`,
    `${stem}.mts`,
    join(base, 'index.ts'),
    base.endsWith('.ts') ? base : '',
  ]) {
    if (candidate && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const sourceSet = new Set(source);
const graph = new Map();
const longFunctions = [];
const longFiles = [];
let sourceLines = 0;

for (const file of source) {
  const text = readFileSync(file, 'utf8');
  const lines = lineCount(text);
  sourceLines += lines;
  if (lines > LONG_FILE) longFiles.push({ file: relative(root, file), lines });
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const targets = new Set();
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      addTarget(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      addTarget(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      addTarget(node.argument.literal.text);
    }
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const start = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line;
      const end = tree.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = end - start + 1;
      if (length > LONG_FUNCTION) {
        longFunctions.push({
          file: relative(root, file),
          line: start + 1,
          name: nameOf(node),
          lines: length,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  const addTarget = (specifier) => {
    if (!specifier.startsWith('.')) return;
    const target = resolveImport(file, specifier);
    if (target && sourceSet.has(target) && target !== file) targets.add(target);
  };
  visit(tree);
  graph.set(file, targets);
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return '(anonymous)';
}

/** Tarjan's strongly connected components, iterative so a deep chain cannot overflow. */
function circles(edges) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  for (const start of edges.keys()) {
    if (indices.has(start)) continue;
    const work = [[start, [...edges.get(start)], 0]];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const target = next[frame[2]++];
        if (!indices.has(target)) {
          indices.set(target, index);
          low.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(edges.get(target) ?? [])], 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), indices.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indices.get(node)) {
        const part = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          part.push(member);
        } while (member !== node);
        if (part.length > 1) found.push(part.map((path) => relative(root, path)).sort());
      }
    }
  }
  return found.sort((a, b) => b.length - a.length);
}

function entryExports(entry) {
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(entry));
  return symbol ? checker.getExportsOfModule(symbol).length : 0;
}

let testLines = 0;
for (const file of tests) testLines += lineCount(readFileSync(file, 'utf8'));

const found = circles(graph);
const report = {
  circles: found.length,
  circlesInCodingAgents: found.filter((part) =>
    part.some((path) => path.includes('/coding-agents/')),
  ).length,
  filesOver300Lines: longFiles.length,
  functionsOver60Lines: longFunctions.length,
  harnessExports: entryExports(join(root, 'packages/plankeeper/src/harness/index.ts')),
  sourceFiles: source.length,
  sourceLines,
  testFiles: tests.length,
  testLines,
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ ...report, circleFiles: found, longFiles, longFunctions }, null, 2));
} else {
  for (const [name, value] of Object.entries(report)) console.log(`${name.padEnd(22)} ${value}`);
  if (process.argv.includes('--list')) {
    console.log('\ncircles:');
    for (const part of found) console.log(`  ${part.length} files: ${part.join(', ')}`);
    console.log(`\nfiles over ${LONG_FILE} lines:`);
    for (const { file, lines } of longFiles.sort((a, b) => b.lines - a.lines))
      console.log(`  ${lines} ${file}`);
    console.log(`\nfunctions over ${LONG_FUNCTION} lines:`);
    for (const entry of longFunctions.sort((a, b) => b.lines - a.lines)) {
      console.log(`  ${entry.lines} ${entry.file}:${entry.line} ${entry.name}`);
    }
  }
}
