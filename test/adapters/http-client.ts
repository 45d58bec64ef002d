/**
 * A real HTTP client on node:http that sends the request target exactly as given
 * (fetch would normalise `%2e%2e` and friends), one connection per request.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface ClientResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface ClientOptions {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Milliseconds before the request fails; default 5,000. */
  readonly timeout?: number;
}

/** Sends one request to `origin` (`http://127.0.0.1:PORT`) for the raw `target`. */
export function send(origin: string, target: string, options: ClientOptions = {}): Promise<ClientResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        path: target,
        method: options.method ?? 'GET',
        headers: {
          accept: 'application/vnd.api+json',
          ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }),
          ...options.headers,
        },
        agent: false,
        timeout: options.timeout ?? 5000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${options.method ?? 'GET'} ${target} in time`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** `send`, then `JSON.parse` of the body. */
export async function sendJson(
  origin: string,
  target: string,
  options: ClientOptions = {},
): Promise<ClientResponse & { readonly json: unknown }> {
  const response = await send(origin, target, options);
  return { ...response, json: JSON.parse(response.body) as unknown };
}
