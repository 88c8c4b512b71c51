/**
 * One AWS SDK client per endpoint the environment names, made on first use. In Lambda the
 * endpoint never changes, so this is one client for the container's life; a process that points
 * its environment at another emulator (the next test file's local bus) gets a client for it
 * instead of one still talking to the last.
 */
export function clientPerEndpoint<Client>(
  make: (endpoint: string | undefined) => Client,
): (endpoint: string | undefined) => Client {
  let current: { endpoint: string | undefined; client: Client } | undefined;
  return (endpoint) => {
    if (!current || current.endpoint !== endpoint) current = { endpoint, client: make(endpoint) };
    return current.client;
  };
}
