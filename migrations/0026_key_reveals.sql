-- A read key made on the settings page is shown once on the page the form redirects to (docs/accounts.md): its
-- token waits here for that one view, bound to the session (encrypted with a key made from the session id, which
-- only the member's cookie holds) and removed when shown, when the session ends or after ten minutes.
create table `key_reveals` (
  `session_hash` text primary key not null references `sessions`(`id_hash`) on delete cascade,
  `iv` text not null,
  `sealed` text not null,
  `expires_at` text not null
);
