// The part of ws (a dependency of wrangler) that bench/edge/profile.ts uses: the package ships no types.
declare module "ws" {
  export default class WebSocket {
    constructor(url: string);
    on(event: "message", listener: (data: Buffer) => void): this;
    once(event: "open" | "error", listener: (arg?: unknown) => void): this;
    send(data: string): void;
    close(): void;
  }
}
