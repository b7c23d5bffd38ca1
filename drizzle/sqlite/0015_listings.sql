CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`q` text,
	`category` text,
	`max_price` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_searches_user_id_idx` ON `saved_searches` (`user_id`,`id`);--> statement-breakpoint
ALTER TABLE `auctions` ADD `more_photos` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `auctions` ADD `item_condition` text;--> statement-breakpoint
ALTER TABLE `auctions` ADD `shipping_cost` integer;--> statement-breakpoint
ALTER TABLE `auctions` ADD `item_location` text;--> statement-breakpoint
ALTER TABLE `auctions` ADD `reserve_price` integer;--> statement-breakpoint
ALTER TABLE `auctions` ADD `buy_now_price` integer;--> statement-breakpoint
ALTER TABLE `auctions` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `auctions` ADD `relisted_from` integer REFERENCES auctions(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `auctions` ADD `matched_at` integer;--> statement-breakpoint
-- Auctions open before saved searches existed had nobody to tell: they count as matched. Those still
-- to start are matched when they open.
UPDATE `auctions` SET `matched_at` = `created_at` WHERE `starts_at` <= unixepoch('subsec') * 1000;--> statement-breakpoint
CREATE INDEX `auctions_match_due_idx` ON `auctions` (`starts_at`) WHERE "auctions"."matched_at" is null;--> statement-breakpoint
ALTER TABLE `bids` ADD `buy_now` integer DEFAULT false NOT NULL;