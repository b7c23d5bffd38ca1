-- Bids placed before this migration have no max_bid: a removal's replay takes their amount as their
-- maximum. Raises of a maximum alone made before it were not kept: the replay cannot see them.
CREATE TABLE `max_raises` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`auction_id` integer NOT NULL,
	`bidder_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`after_bid_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bidder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `max_raises_auction_idx` ON `max_raises` (`auction_id`,`id`);--> statement-breakpoint
ALTER TABLE `bids` ADD `max_bid` integer;