import { DurableObject } from "cloudflare:workers";

/** Counters for rate limits, download caps and upload rate. Its behaviour lands with the limits work (issue 4). */
export class Limiter extends DurableObject<Env> {}
