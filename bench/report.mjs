// Table printing and timing helpers shared by every benchmark section.

/** Prints a titled table; `rows` are arrays of cells, numbers right-aligned. */
export function printTable(title, columns, rows) {
  const cells = [columns, ...rows.map((row) => row.map(formatCell))];
  const widths = columns.map((_, index) =>
    Math.max(...cells.map((row) => String(row[index] ?? '').length)),
  );
  const line = (row) =>
    row
      .map((cell, index) => {
        const text = String(cell ?? '');
        return typeof rows[0]?.[index] === 'number'
          ? text.padStart(widths[index])
          : text.padEnd(widths[index]);
      })
      .join('  ');
  console.log(`\n## ${title}\n`);
  console.log(line(cells[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
}

function formatCell(cell) {
  if (typeof cell !== 'number') return cell;
  if (Number.isInteger(cell)) return cell.toLocaleString('en-US');
  return cell >= 100 ? cell.toFixed(0) : cell >= 10 ? cell.toFixed(1) : cell.toFixed(2);
}

/**
 * Runs `operation` `iterations` times after `warmup` runs and returns ops/s and latency
 * percentiles in microseconds. Each call is timed with hrtime so p99 is meaningful.
 */
export async function measure(operation, { iterations = 20000, warmup = 5000 } = {}) {
  for (let index = 0; index < warmup; index++) await operation(index);
  // Start every measurement from a clean heap (npm run bench passes --expose-gc).
  globalThis.gc?.();
  const samples = new Float64Array(iterations);
  const started = process.hrtime.bigint();
  for (let index = 0; index < iterations; index++) {
    const start = process.hrtime.bigint();
    await operation(index);
    samples[index] = Number(process.hrtime.bigint() - start) / 1000;
  }
  const totalSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  samples.sort();
  const at = (fraction) => samples[Math.min(iterations - 1, Math.floor(iterations * fraction))];
  return { opsPerSecond: iterations / totalSeconds, p50: at(0.5), p99: at(0.99) };
}

/** Target check printed under a table: "PASS"/"MISS" with the numbers that decided it. */
export function verdict(label, passed, detail) {
  console.log(`${passed ? 'PASS' : 'MISS'}  ${label}: ${detail}`);
  return passed;
}
