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
  function autocannon(options: { url: string; connections?: number; duration?: number; headers?: Record<string, string> }): Promise<Result>;
  export default autocannon;
}
