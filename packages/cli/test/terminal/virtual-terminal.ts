/**
 * Just enough of a terminal to replay what the plan view writes and read the screen
 * back: carriage return, newline (as a TTY delivers it, with the return), cursor up,
 * clear line, clear below; colour codes are accepted and ignored. Anything else fails
 * the test, so an unexpected sequence cannot slip through.
 */
export class VirtualTerminal {
  lines: string[] = [''];
  private row = 0;
  private column = 0;

  write(data: string): void {
    let index = 0;
    while (index < data.length) {
      const char = data[index]!;
      if (char === '\u001b') {
        const match = /^\u001b\[([0-9;]*)([A-Za-z])/.exec(data.slice(index));
        if (!match)
          throw new Error(`Unknown escape at ${JSON.stringify(data.slice(index, index + 8))}`);
        this.control(match[1] ?? '', match[2]!);
        index += match[0].length;
        continue;
      }
      if (char === '\r') this.column = 0;
      else if (char === '\n') {
        this.row++;
        this.column = 0;
        while (this.lines.length <= this.row) this.lines.push('');
      } else {
        const line = this.lines[this.row]!.padEnd(this.column);
        const point = String.fromCodePoint(data.codePointAt(index)!);
        this.lines[this.row] =
          line.slice(0, this.column) + point + line.slice(this.column + point.length);
        this.column += point.length;
        index += point.length;
        continue;
      }
      index++;
    }
  }

  /** Screen lines without the empty line the cursor sits on at the end. */
  get screen(): string[] {
    const lines = [...this.lines];
    while (lines.length > 0 && lines.at(-1) === '') lines.pop();
    return lines;
  }

  private control(parameter: string, command: string): void {
    switch (command) {
      case 'A':
        this.row = Math.max(0, this.row - Number(parameter || 1));
        return;
      case 'K':
        if (parameter !== '2') throw new Error(`Unexpected ESC[${parameter}K`);
        this.lines[this.row] = '';
        return;
      case 'J':
        if (parameter !== '' && parameter !== '0') throw new Error(`Unexpected ESC[${parameter}J`);
        this.lines[this.row] = this.lines[this.row]!.slice(0, this.column);
        this.lines.length = this.row + 1;
        return;
      case 'm':
        return;
      default:
        throw new Error(`Unexpected escape command ESC[${parameter}${command}`);
    }
  }
}

/** A stand-in for process.stdout that records every write and replays it on a screen. */
export function fakeStream(options: { isTTY: boolean; columns?: number; rows?: number }) {
  const terminal = new VirtualTerminal();
  const writes: string[] = [];
  return {
    isTTY: options.isTTY,
    columns: options.columns ?? 80,
    rows: options.rows ?? 24,
    writes,
    terminal,
    write(text: string) {
      writes.push(text);
      terminal.write(text);
      return true;
    },
    get output() {
      return writes.join('');
    },
  };
}
