/**
 * The hook forwarder setup writes into the agent's folder: a bash script that hands one hook
 * event to the resident answerer of the project (resident-answerer.ts) and prints its answer,
 * so a tool call costs a bash start and a loopback round trip, not a Node start. bash (not
 * sh) for its /dev/tcp, which needs no other tool; `cat` reads the input.
 *
 * `bash <script> SECONDS COMMAND…`: COMMAND is today's `plankeeper hook <agent> <event> …`. With
 * no route file, a dead answerer, a refused connection or a word the request cannot carry,
 * the script runs COMMAND itself (the one-shot hook, as before), and so it does when the
 * answerer passes an event back, refuses it or closes without an answer. A request left
 * unanswered for SECONDS (inside the agent's hook timeout) gets the neutral answer instead:
 * the answerer may still apply it, so it is not sent again.
 */
import { END, FORWARDED_ENV, REQUEST_HEADER } from './route-request.js';

/** The first line of every forwarder setup writes: how setup knows the file as its own. */
export const FORWARDER_MARKER = '# plankeeper hook forwarder';

/**
 * The script for `agent`. `projectDirEnv`: the variable the agent sets for its hooks to the
 * project directory (the answerer's route is there); else the hook's working directory.
 * `neutral`: what the agent reads as "nothing to say".
 */
export function forwarderScript(
  agent: string,
  projectDirEnv: string | undefined,
  neutral: string,
): string {
  const project = projectDirEnv ? `\${${projectDirEnv}:-$PWD}` : '$PWD';
  const end = `\\x${END.charCodeAt(0).toString(16).padStart(2, '0')}`;
  const sendEnv = FORWARDED_ENV.map(
    (name) => `[ -n "\${${name}+x}" ] && vars+=("${name}=\${${name}}")`,
  ).join('\n');
  return `${FORWARDER_MARKER} (written by \`plankeeper setup ${agent}\`; \`setup ${agent} --remove\` takes it out).
# Hands one ${agent} hook event to the plankeeper MCP server ${agent} started for this project,
# else runs the hook command it is given. Usage: bash <this file> SECONDS COMMAND...
export LC_ALL=C
wait=$1
shift
route="${project}/.plankeeper/${agent}-hooks.route"
vars=()
${sendEnv}
# A word or value that is more than one line goes the old way.
for word in "$PWD" "$@" "\${vars[@]}"; do
  case $word in *$'\\n'*) exec "$@" ;; esac
done
{ read -r pid port secret <"$route" && kill -0 "$pid" && exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || exec "$@"
input=$(cat)
# The request in one write: small writes in a row can each wait for an acknowledgement.
printf -v head '${REQUEST_HEADER}\\n%s\\n%s\\n%s\\n' "$secret" "$PWD" "\${#vars[@]}"
env=
[ \${#vars[@]} -gt 0 ] && printf -v env '%s\\n' "\${vars[@]}"
printf -v words '%s\\n' "$#" "$@"
printf '%s%s%s%s${end}' "$head" "$env" "$words" "$input" >&3
IFS= read -r -d '' -t "$wait" reply <&3
[ $? -gt 128 ] && { ${neutral === '' ? '' : `printf '%s' '${neutral}'; `}exit 0; }
case $reply in
  $'ok\\n'*) ;;
  # Passed back (an event the server leaves to the process), refused, or cut off before the
  # answer: the old way answers.
  *) printf '%s' "$input" | "$@"; exit 0 ;;
esac
reply=\${reply#ok$'\\n'}
out=\${reply%%$'${end}'*}
err=\${reply#*$'${end}'}
[ -n "$err" ] && printf '%s' "$err" >&2
[ -n "$out" ] && printf '%s\\n' "$out"
exit 0
`;
}
