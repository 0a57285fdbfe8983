// Passkey buttons of the account pages (sign-in, invite, add a passkey): the small WebAuthn glue around
// navigator.credentials, served by the site itself (no CDN). A button names its two addresses: data-options
// (the server's challenge) and data-verify (where the browser's answer goes). On an invite's page the secret is
// the link's fragment: read here, taken out of the address bar, checked and sent only in request bodies.
// The server answers {redirect} on success, {error} otherwise.
(() => {
  const toBytes = (b64url) => {
    const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/");
    const raw = atob(b64 + "===".slice((b64.length + 3) % 4));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  };
  const toB64url = (buffer) => {
    let raw = "";
    for (const b of new Uint8Array(buffer)) raw += String.fromCharCode(b);
    return btoa(raw).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  const withIds = (list) => (list || []).map((c) => ({ ...c, id: toBytes(c.id) }));

  async function post(url, body) {
    const res = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(answer.error || `${res.status}`);
    return answer;
  }

  async function register(options) {
    const publicKey = { ...options, challenge: toBytes(options.challenge), user: { ...options.user, id: toBytes(options.user.id) } };
    publicKey.excludeCredentials = withIds(options.excludeCredentials);
    const credential = await navigator.credentials.create({ publicKey });
    const r = credential.response;
    return {
      id: credential.id,
      rawId: toB64url(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: {
        clientDataJSON: toB64url(r.clientDataJSON),
        attestationObject: toB64url(r.attestationObject),
        transports: typeof r.getTransports === "function" ? r.getTransports() : [],
      },
    };
  }

  async function signIn(options) {
    const publicKey = { ...options, challenge: toBytes(options.challenge), allowCredentials: withIds(options.allowCredentials) };
    const credential = await navigator.credentials.get({ publicKey });
    const r = credential.response;
    return {
      id: credential.id,
      rawId: toB64url(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: {
        clientDataJSON: toB64url(r.clientDataJSON),
        authenticatorData: toB64url(r.authenticatorData),
        signature: toB64url(r.signature),
        userHandle: r.userHandle ? toB64url(r.userHandle) : undefined,
      },
    };
  }

  function wire(button, ceremony, invite) {
    const status = button.closest("p").nextElementSibling;
    button.addEventListener("click", async () => {
      button.disabled = true;
      status.textContent = button.dataset.working;
      try {
        const started = await post(button.dataset.options, invite ? { invite } : {});
        const response = await ceremony(started.options);
        const next = button.dataset.next;
        const done = await post(button.dataset.verify, { ceremony: started.ceremony, response, ...(invite ? { invite } : {}), ...(next ? { next } : {}) });
        location.assign(done.redirect);
      } catch (error) {
        // The browser refuses a ceremony the member cancelled or the authenticator could not verify: said plainly.
        const said = error && error.name === "NotAllowedError" ? button.dataset.notAllowed : error && error.message ? error.message : error;
        status.textContent = `${button.dataset.failed} ${said}`;
        button.disabled = false;
      }
    });
  }

  /** The invite page: the secret from the fragment, checked once; a spent or expired one says so and hides the button. */
  async function inviteOf(page) {
    const raw = location.hash.slice(1);
    history.replaceState(null, "", location.pathname + location.search);
    const button = page.querySelector("[data-passkey-register]");
    button.disabled = true;
    let secret = raw;
    try {
      secret = decodeURIComponent(raw);
      const { name } = await post(page.dataset.inviteCheck, { invite: secret });
      page.querySelector("[data-invite-text]").prepend(`${page.dataset.welcome.replace("{name}", name)} `);
      button.disabled = false;
    } catch {
      page.querySelector("h1").textContent = page.dataset.goneTitle;
      page.querySelector("[data-invite-text]").textContent = page.dataset.goneText;
      button.closest("p").hidden = true;
    }
    return secret;
  }

  const invitePage = document.querySelector("[data-invite-check]");
  if (invitePage) inviteOf(invitePage).then((secret) => wire(invitePage.querySelector("[data-passkey-register]"), register, secret));
  for (const b of document.querySelectorAll("[data-passkey-add]")) wire(b, register);
  for (const b of document.querySelectorAll("[data-passkey-signin]")) wire(b, signIn);
})();
