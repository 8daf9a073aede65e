import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/**
 * One request with a text body over a kept-alive connection, answered with its status and text. The simulator's
 * JSON calls go this way rather than through fetch: node:http costs the client about a third of fetch's CPU a
 * request, and the tenant bench's intake, which posts through the simulator's client, shares the server's two cores
 * (ADR 0226).
 */
export function keptAliveRequest(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  const secure = url.startsWith('https:');
  const send = secure ? httpsRequest : httpRequest;
  const headers = {
    ...options.headers,
    ...(options.body !== undefined && { 'content-length': String(Buffer.byteLength(options.body)) }),
  };
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      { method: options.method, headers, agent: secure ? agents.https : agents.http },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
