// A software passkey for tests inside workerd: a P-256 key made with WebCrypto, answering the server's
// registration and sign-in options the way a browser's authenticator does (attestation "none"), so the server's
// real verification (SimpleWebAuthn) runs on every ceremony.
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const sha256 = async (data: BufferSource) => new Uint8Array(await crypto.subtle.digest("SHA-256", data));
const utf8 = (text: string) => new Uint8Array(new TextEncoder().encode(text));
const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** WebCrypto signs ECDSA as r||s; WebAuthn carries it DER-encoded. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let v = bytes.slice(i);
    if (v[0] & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

// any: the server's options JSON, read loosely as a browser would.
type Options = any;

export class SoftPasskey {
  private counter = 0;
  private userHandle = "";
  readonly credentialId = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(16)));

  private constructor(private readonly keys: CryptoKeyPair) {}

  static async create(): Promise<SoftPasskey> {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    return new SoftPasskey(keys);
  }

  private async authData(rpId: string, flags: number, attested?: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
    this.counter += 1;
    return concat(await sha256(utf8(rpId)), new Uint8Array([flags]), u32(this.counter), attested ?? new Uint8Array());
  }

  /** The browser's answer to registration options; `userVerified: false` is a key that checked presence only (no PIN). */
  async register(options: Options, origin: string, { userVerified = true } = {}): Promise<unknown> {
    this.userHandle = options.user.id;
    const raw = new Uint8Array((await crypto.subtle.exportKey("raw", this.keys.publicKey)) as ArrayBuffer);
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, raw.slice(1, 33)],
        [-3, raw.slice(33, 65)],
      ]),
    );
    const id = isoBase64URL.toBuffer(this.credentialId);
    const attested = concat(new Uint8Array(16), new Uint8Array([id.length >> 8, id.length & 255]), id, cose);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = await this.authData(options.rp.id, userVerified ? 0x45 : 0x41, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    );
    const clientData = utf8(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false }));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientData),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** The browser's answer to sign-in options; `userVerified: false` leaves the UV flag out. */
  async signIn(options: Options, origin: string, { userVerified = true } = {}): Promise<unknown> {
    const authData = await this.authData(options.rpId, userVerified ? 0x05 : 0x01);
    const clientData = utf8(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }));
    const signed = concat(authData, await sha256(clientData));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientData),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(raw)),
        userHandle: this.userHandle,
      },
    };
  }
}
