CREATE TABLE `watches` (
	`user_id` integer NOT NULL,
	`auction_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `auction_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `watches_auction_user_idx` ON `watches` (`auction_id`,`user_id`);--> statement-breakpoint
DROP INDEX `bids_bidder_id_idx`;--> statement-breakpoint
CREATE INDEX `bids_bidder_auction_idx` ON `bids` (`bidder_id`,`auction_id`);--> statement-breakpoint
ALTER TABLE `auctions` ADD `ending_soon_at` integer;--> statement-breakpoint
CREATE INDEX `auctions_ending_soon_due_idx` ON `auctions` (`ends_at`) WHERE "auctions"."ending_soon_at" is null and "auctions"."closed_at" is null;