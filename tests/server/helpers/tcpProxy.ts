import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP proxy in front of a database server that a test can cut and restore (an outage). */
export interface TcpProxy {
  /** The port the proxy listens on (the same after a restore). */
  port: number;
  /** Stops listening and drops every open connection: the database is unreachable. */
  cut(): Promise<void>;
  /** Listens again on the same port: the database is back. */
  restore(): Promise<void>;
  /** Ends the proxy for good. */
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port that forwards every connection to `host:port`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve((next.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);
  const cut = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  return {
    port,
    cut,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: cut,
  };
}
