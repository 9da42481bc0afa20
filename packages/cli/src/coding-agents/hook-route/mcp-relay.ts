/**
 * The MCP command setup writes for an agent in MCP_ROUTE_AGENTS: bash running a short relay
 * that hands the agent's stdio to the plankeeper process the agent's plugin keeps for the
 * project (mcp-route.ts), and runs the real `plankeeper mcp` command when it cannot (no route
 * file, a dead process, a refused connection, a word with a line break, or `no`). A route the
 * plugin wrote as it started the process (port 0) is waited for while that process lives, up
 * to 5 s: on a busy machine OpenCode can connect before the process listens. Inline
 * (`bash -c`), so the agent's config names no file a clone might lack.
 *
 * Two `cat`s carry the bytes: stdin to the socket (`<&0`: a background command's stdin is
 * /dev/null in a shell without job control unless it is given one), the socket to stdout. bash
 * cannot half-close a socket, so the end of stdin is sent as the byte 0x1e (RELAY_END), which
 * no JSON line holds: the resident ends the connection's input there, answers what it has,
 * and closes, and the relay exits as `plankeeper mcp` would when its stdin ends. When
 * the resident goes away while the agent still talks (stdin open), the relay starts the real
 * server on the same stdio, so the plan tools outlive the resident; the MCP SDK's server
 * answers calls without a second `initialize` (tested). A signal ends both `cat`s with it, and
 * a `cat` ended by a signal (OpenCode ends a server's children before the server) ends the
 * relay, never starts the server.
 */
import { MCP_HANDSHAKE } from './mcp-handshake.js';
import { mcpRouteFilePath } from './route-file.js';

/** The relay's "stdin has ended". */
export const RELAY_END = 0x1e;

/** $0 of the relay: what `ps` shows for it. */
const NAME = 'plankeeper-mcp-relay';

export function mcpRelayScript(agent: string): string {
  const route = mcpRouteFilePath('$PWD', agent);
  return [
    `for w in "$@"; do case $w in *$'\\n'*) exec "$@" ;; esac; done`,
    // A resident still starting (port 0, route-file.ts pendingRoute): wait for it, 5 s at most.
    `r="${route}"; n=0`,
    `while { read -r p o s <"$r" && [ "$o" = 0 ] && kill -0 "$p"; } 2>/dev/null && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done`,
    `if { read -r p o s <"$r" && [ "$o" != 0 ] && kill -0 "$p" && exec 3<>"/dev/tcp/127.0.0.1/$o"; } 2>/dev/null; then`,
    `  printf -v h '${MCP_HANDSHAKE}\\n%s\\n%s\\n' "$s" "$#"; printf -v w '%s\\n' "$@"; printf '%s%s' "$h" "$w" >&3`,
    `  if IFS= read -r -t 5 a <&3 && [ "$a" = ok ]; then`,
    // The group's own cat goes when the group is told to: it would read on from stdin.
    `    { trap 'kill "$k" 2>/dev/null; exit' TERM; cat <&0 & k=$!; wait "$k"; printf '\\36'; } <&0 >&3 & c=$!`,
    '    cat <&3 & f=$!',
    `    trap 'kill "$c" "$f" 2>/dev/null; exit 0' TERM INT HUP`,
    // Killed (the agent ending its servers child first): no fallback, only the end.
    '    wait "$f"; [ $? -lt 128 ] || exit 0',
    '    kill -0 "$c" 2>/dev/null || exit 0',
    '    kill "$c"',
    '  fi',
    '  exec 3<&-',
    'fi',
    'exec "$@"',
  ].join('\n');
}

/** `command` (the `plankeeper mcp …` argv) behind the relay. */
export function mcpRelayCommand(agent: string, command: readonly string[]): string[] {
  return ['bash', '-c', mcpRelayScript(agent), NAME, ...command];
}

/** Whether `argv` is a relay setup wrote, and the command behind it. */
export function relayedCommand(argv: readonly unknown[]): unknown[] | undefined {
  return argv[0] === 'bash' && argv[1] === '-c' && argv[3] === NAME ? argv.slice(4) : undefined;
}
