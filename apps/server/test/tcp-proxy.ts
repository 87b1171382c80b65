// A TCP proxy between the app and a database server, which a test cuts and restores: the
// database going away (and coming back) for this app only, while the server keeps running for
// everyone else.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface Proxy {
  url: string;
  /** Stops accepting and resets every open connection: the database is gone. */
  cut(): Promise<void>;
  /** Accepts again on the same port: the database is back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(target: URL): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const targetPort = Number(target.port || 5432);
  const make = (): Server =>
    createServer((client) => {
      const upstream = connect(targetPort, target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  let server = make();
  const port = await listen(server, 0);
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) {
        s.destroy();
      }
    });
  return {
    url: url.href,
    cut: stop,
    async restore() {
      server = make();
      await listen(server, port);
    },
    close: stop,
  };
}
