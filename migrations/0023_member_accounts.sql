-- Members sign in with passkeys and make their own read keys (docs/accounts.md). Sessions, invites and
-- WebAuthn challenges keep only a SHA-256 of their secret; a key's last use is written at most once a minute,
-- after the answer (src/auth/last-used.ts).
create table `sessions` (
  `id_hash` text primary key not null,
  `user_id` integer not null references `users`(`id`) on delete cascade,
  `created_at` text not null,
  `expires_at` text not null
);
--> statement-breakpoint
create index `sessions_user_idx` on `sessions` (`user_id`);
--> statement-breakpoint
create table `passkeys` (
  `id` text primary key not null,
  `user_id` integer not null references `users`(`id`) on delete cascade,
  `public_key` text not null,
  `counter` integer not null default 0,
  `transports` text not null default '[]',
  `name` text not null,
  `created_at` text not null,
  `last_used_at` text
);
--> statement-breakpoint
create index `passkeys_user_idx` on `passkeys` (`user_id`);
--> statement-breakpoint
create table `invites` (
  `token_hash` text primary key not null,
  `user_id` integer not null references `users`(`id`) on delete cascade,
  `created_at` text not null,
  `expires_at` text not null,
  `used_at` text
);
--> statement-breakpoint
create index `invites_user_idx` on `invites` (`user_id`);
--> statement-breakpoint
create table `webauthn_challenges` (
  `id_hash` text primary key not null,
  `challenge` text not null,
  `purpose` text not null check (`purpose` in ('register', 'sign-in')),
  `user_id` integer references `users`(`id`) on delete cascade,
  `expires_at` text not null
);
--> statement-breakpoint
alter table `api_keys` add column `last_used_at` text;
