CREATE TABLE `live_streams` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`address` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_streams_user_idx` ON `live_streams` (`user_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `live_streams_address_idx` ON `live_streams` (`address`,`expires_at`);