// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    total: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface RequestParams {
    headers?: Record<string, string>;
    [key: string]: unknown;
  }
  interface RequestSpec {
    /** Called before each request is sent: may change it (here: a new CF-Connecting-IP each time). */
    setupRequest?: (request: RequestParams) => RequestParams;
  }
  function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
  }): Promise<Result>;
  export default autocannon;
}
