CREATE TABLE `max_bids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`auction_id` integer NOT NULL,
	`bidder_id` integer NOT NULL,
	`amount` integer NOT NULL,
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bidder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `max_bids_auction_bidder_unique` ON `max_bids` (`auction_id`,`bidder_id`);--> statement-breakpoint
CREATE INDEX `max_bids_auction_rank_idx` ON `max_bids` (`auction_id`,"amount" desc,`id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`auction_id` integer NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_id_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
DROP INDEX `bids_auction_amount_unique`;--> statement-breakpoint
ALTER TABLE `bids` ADD `auto` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `bids` ADD `ends_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `bids_auction_amount_placed_unique` ON `bids` (`auction_id`,`amount`) WHERE "bids"."auto" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `bids_auction_amount_auto_unique` ON `bids` (`auction_id`,`amount`) WHERE "bids"."auto" = 1;--> statement-breakpoint
ALTER TABLE `auctions` ADD `leader_id` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `auctions` ADD `closed_at` integer;--> statement-breakpoint
CREATE INDEX `auctions_due_idx` ON `auctions` (`ends_at`) WHERE "auctions"."closed_at" is null;