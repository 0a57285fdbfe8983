CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`display_prefix` text NOT NULL,
	`scopes` text NOT NULL,
	`expires_at` text,
	`revoked_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_token_hash_unique` ON `api_keys` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user_idx` ON `api_keys` (`user_id`);--> statement-breakpoint
CREATE TABLE `blog_comments` (
	`post_id` text NOT NULL,
	`id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`body` text NOT NULL,
	`body_html` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`post_id`, `id`),
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `blog_post_tags` (
	`post_id` text NOT NULL,
	`tag` text NOT NULL,
	`slug` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`post_id`, `tag`),
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blog_post_tags_slug_idx` ON `blog_post_tags` (`slug`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`author_id` integer,
	`body` text NOT NULL,
	`body_html` text NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`reading_minutes` integer DEFAULT 1 NOT NULL,
	`published_at` text,
	`edited_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `blog_posts_published_idx` ON `blog_posts` (`published_at`,`id`);--> statement-breakpoint
CREATE TABLE `board_aliases` (
	`norm` text PRIMARY KEY NOT NULL,
	`board_id` integer NOT NULL,
	`alias` text NOT NULL,
	FOREIGN KEY (`board_id`) REFERENCES `boards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `board_aliases_board_idx` ON `board_aliases` (`board_id`);--> statement-breakpoint
CREATE TABLE `boards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`norm` text NOT NULL,
	`manufacturer_id` integer,
	`status` text DEFAULT 'active' NOT NULL,
	`board_code` text,
	`platform` text,
	`codename` text,
	FOREIGN KEY (`manufacturer_id`) REFERENCES `manufacturers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `boards_norm_unique` ON `boards` (`norm`);--> statement-breakpoint
CREATE TABLE `case_components` (
	`case_id` text NOT NULL,
	`position` integer NOT NULL,
	`designator` text NOT NULL,
	`part_number` text,
	`action` text NOT NULL,
	`note` text,
	PRIMARY KEY(`case_id`, `position`),
	FOREIGN KEY (`case_id`) REFERENCES `repair_cases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `case_documents` (
	`case_id` text NOT NULL,
	`document_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`case_id`, `document_id`),
	FOREIGN KEY (`case_id`) REFERENCES `repair_cases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `case_measurements` (
	`case_id` text NOT NULL,
	`position` integer NOT NULL,
	`point` text NOT NULL,
	`expected` text,
	`measured` text NOT NULL,
	`note` text,
	PRIMARY KEY(`case_id`, `position`),
	FOREIGN KEY (`case_id`) REFERENCES `repair_cases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE TABLE `document_boards` (
	`document_id` text NOT NULL,
	`board_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`document_id`, `board_id`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`board_id`) REFERENCES `boards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `document_boards_board_idx` ON `document_boards` (`board_id`);--> statement-breakpoint
CREATE TABLE `document_pages` (
	`document_id` text NOT NULL,
	`page` integer NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`document_id`, `page`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `document_shares` (
	`document_id` text NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`document_id`, `user_id`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `document_shares_user_idx` ON `document_shares` (`user_id`);--> statement-breakpoint
CREATE TABLE `document_versions` (
	`document_id` text NOT NULL,
	`version` integer NOT NULL,
	`filename` text NOT NULL,
	`extension` text,
	`content_type` text DEFAULT 'application/octet-stream' NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`r2_key` text NOT NULL,
	`changelog` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`document_id`, `version`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'available' NOT NULL,
	`visibility` text DEFAULT 'public' NOT NULL,
	`owner_id` integer,
	`manufacturer_id` integer,
	`description` text,
	`chipset` text,
	`board_revision` text,
	`language` text,
	`source_note` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	`executable` integer DEFAULT false NOT NULL,
	`current_version` integer DEFAULT 1 NOT NULL,
	`page_count` integer,
	`status_reason` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`manufacturer_id`) REFERENCES `manufacturers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `documents_list_idx` ON `documents` (`visibility`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `documents_owner_idx` ON `documents` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `manufacturers` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `manufacturers_name_unique` ON `manufacturers` (`name`);--> statement-breakpoint
CREATE TABLE `repair_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`outcome` text DEFAULT 'unknown' NOT NULL,
	`symptom` text NOT NULL,
	`device_model` text,
	`board_id` integer,
	`board_revision` text,
	`manufacturer_id` integer,
	`author_id` integer,
	`published` integer DEFAULT true NOT NULL,
	`published_at` text,
	`edited_at` text,
	`diagnosis` text NOT NULL,
	`diagnosis_html` text NOT NULL,
	`fix` text,
	`fix_html` text,
	`minutes_spent` integer,
	`thread_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`board_id`) REFERENCES `boards`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`manufacturer_id`) REFERENCES `manufacturers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `repair_cases_list_idx` ON `repair_cases` (`published`,`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `repair_cases_board_idx` ON `repair_cases` (`board_id`);--> statement-breakpoint
CREATE TABLE `thread_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`author_id` integer NOT NULL,
	`body` text NOT NULL,
	`body_html` text NOT NULL,
	`is_solution` integer DEFAULT false NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `threads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `thread_replies_thread_idx` ON `thread_replies` (`thread_id`,`hidden`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `threads` (
	`id` text PRIMARY KEY NOT NULL,
	`category_id` integer NOT NULL,
	`title` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`sticky` integer DEFAULT false NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`author_id` integer NOT NULL,
	`body` text NOT NULL,
	`body_html` text NOT NULL,
	`board_id` integer,
	`document_id` text,
	`created_at` text NOT NULL,
	`last_activity_at` text NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`board_id`) REFERENCES `boards`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `threads_list_idx` ON `threads` (`published`,`sticky`,`last_activity_at`,`id`);--> statement-breakpoint
CREATE INDEX `threads_category_idx` ON `threads` (`category_id`,`published`,`sticky`,`last_activity_at`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`external_id` text NOT NULL,
	`document_id` text,
	`fingerprint` text NOT NULL,
	`state` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_user_external_idx` ON `uploads` (`user_id`,`external_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`name` text NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`locale` text DEFAULT 'es' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);