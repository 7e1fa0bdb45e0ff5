/**
 * Resolves true once a GET of `url` gets an answer that is not the load shedding's 503, false when
 * that has not happened within `timeoutMs`. Right after a start the first load-shedding sample
 * still sees the start's busy event loop (opening the database, seeding) and refuses requests for
 * up to half a second; a banner printed before that invites a first request that fails.
 */
export async function untilServing(url: string, timeoutMs = 30_000): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    const status = await fetch(url, { headers: { accept: 'application/json' } }).then(
      async (response) => {
        await response.body?.cancel();
        return response.status;
      },
      () => 0,
    );
    if (status !== 0 && status !== 503) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** The address a local client reaches a server listening on `host` by (wildcards: loopback). */
export function localBase(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
