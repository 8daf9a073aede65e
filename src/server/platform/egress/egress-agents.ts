/**
 * HTTP(S) agents that connect only where the egress policy allows (ADR 0069): the agent resolves the host through
 * the policy and connects to the checked address itself (TLS keeps the host name for SNI and the certificate), so
 * the address connected is the address checked. Used by the webhook deliveries and the S3 client.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import type { EgressPolicy } from './egress-policy';

type Callback = (error: Error | null, socket: Duplex) => void;

function connectThroughPolicy(
  policy: EgressPolicy,
  options: http.ClientRequestArgs & { servername?: string },
  secure: boolean,
  callback: Callback,
): void {
  const host = options.hostname ?? options.host ?? 'localhost';
  policy.resolve(host).then(
    ({ address, family }) => {
      const target = { ...options, host: address, family, lookup: undefined } as net.NetConnectOpts &
        tls.ConnectionOptions;
      const socket = secure
        ? tls.connect({ ...target, servername: options.servername ?? (net.isIP(host) ? undefined : host) })
        : net.connect(target);
      callback(null, socket);
    },
    (error: Error) => callback(error, undefined as unknown as Duplex),
  );
}

export class EgressHttpAgent extends http.Agent {
  constructor(
    private readonly policy: EgressPolicy,
    options?: http.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: http.ClientRequestArgs, callback?: Callback): Duplex | undefined {
    connectThroughPolicy(this.policy, options, false, callback!);
    return undefined;
  }
}

export class EgressHttpsAgent extends https.Agent {
  constructor(
    private readonly policy: EgressPolicy,
    options?: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: http.ClientRequestArgs, callback?: Callback): Duplex | undefined {
    connectThroughPolicy(this.policy, options, true, callback!);
    return undefined;
  }
}

export interface EgressAgents {
  http: http.Agent;
  https: https.Agent;
}

export const egressAgents = (policy: EgressPolicy): EgressAgents => ({
  http: new EgressHttpAgent(policy, { keepAlive: true }),
  https: new EgressHttpsAgent(policy, { keepAlive: true }),
});
