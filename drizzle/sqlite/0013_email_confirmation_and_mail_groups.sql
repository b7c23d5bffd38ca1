CREATE TABLE `email_confirmations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_confirmations_user_id_idx` ON `email_confirmations` (`user_id`);--> statement-breakpoint
CREATE INDEX `email_confirmations_expires_at_idx` ON `email_confirmations` (`expires_at`);--> statement-breakpoint
DROP INDEX `mail_outbox_due_idx`;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `user_id` integer;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `auction_id` integer;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `kind` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `priority` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `waiting` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `mail_outbox_claim_idx` ON `mail_outbox` (`priority`,`due_at`) WHERE "mail_outbox"."waiting" > 0;--> statement-breakpoint
CREATE INDEX `mail_outbox_held_idx` ON `mail_outbox` (`due_at`) WHERE "mail_outbox"."waiting" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_group_unique` ON `mail_outbox` (`user_id`,`auction_id`,`kind`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;