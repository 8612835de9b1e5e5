import { createConnection, createServer, Server, Socket } from 'node:net';

/**
 * A TCP relay in front of a server, on a port of its own, that a test can cut and restore: cut, the
 * port refuses connections and the open ones are reset (the server looks unreachable, as after a
 * network failure); restored, it relays again on the same port. The server behind never notices.
 */
export class TcpGate {
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly target: { host: string; port: number }) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get isOpen(): boolean {
    return this.server !== null;
  }

  /** Starts relaying (on a free port the first time, on the same port afterwards). */
  async open(): Promise<this> {
    if (this.server) return this;
    const server = createServer((inbound) => {
      const outbound = createConnection(this.target);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.once('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
      inbound.once('close', () => outbound.destroy());
      outbound.once('close', () => inbound.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  /** Refuses new connections and resets the open ones. */
  async cut(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
    await closed;
  }
}
