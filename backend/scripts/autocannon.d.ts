/** The part of autocannon's API that scripts/bench.ts uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      [key: string]: unknown;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Array<{ setupRequest?: (req: Request, context: Record<string, unknown>) => Request } & Request>;
    }
    interface Histogram {
      average: number;
      total: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      statusCodeStats?: Record<string, { count: number }>;
      errors: number;
      timeouts: number;
    }
    interface Instance extends PromiseLike<Result> {
      stop(): void;
    }
    function track(
      instance: Instance,
      opts?: {
        renderProgressBar?: boolean;
        renderResultsTable?: boolean;
        renderLatencyTable?: boolean;
        outputStream?: NodeJS.WritableStream;
      },
    ): void;
  }
  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
