// An "agent" that writes back every byte it reads: what the proxy forwards to the agent comes
// back to the editor, so a test sees both directions in one run.
process.stdin.on('data', (chunk) => process.stdout.write(chunk));
process.stdin.on('end', () => process.exit(0));
