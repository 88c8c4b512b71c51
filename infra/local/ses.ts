/**
 * The local stand-in for Amazon SES v2: aws-ses-v2-local, an HTTP server answering the SES v2 API
 * (SendEmail and friends) the functions call with SES_ENDPOINT pointing at it. It sends nothing:
 * it keeps the messages, shown on its inbox page (its root URL) and answered as JSON by `/store`,
 * which the tests read.
 */
import type { AddressInfo } from 'node:net';
import sesModule from 'aws-ses-v2-local';

type StartServer = typeof sesModule;
/**
 * The package is CommonJS with an `exports.default`: Node's ESM loader (tsx) hands over the whole
 * `module.exports`, while bundler-style interop (vitest) hands over `default` itself.
 */
const sesServer: StartServer =
  typeof sesModule === 'function' ? sesModule : (sesModule as unknown as { default: StartServer }).default;

export interface SesLocal {
  /** The API endpoint and inbox page. */
  url: string;
  stop(): Promise<void>;
}

export async function startSesLocal(options: { port: number; host: string }): Promise<SesLocal> {
  const server = await sesServer({ host: options.host, port: options.port });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
