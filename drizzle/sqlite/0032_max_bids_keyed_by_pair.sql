-- The maxima of the bidders who do not lead, keyed by (auction, bidder) in a table WITHOUT ROWID: the
-- rows live in the key's own b-tree, so a bid that leaves or raises a maximum writes one b-tree where
-- it wrote two (the table by its unused id, and the unique index of the pair). Nothing refers to
-- this table, so it is rebuilt in place.
CREATE TABLE `__new_max_bids` (
	`auction_id` integer NOT NULL,
	`bidder_id` integer NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`auction_id`, `bidder_id`),
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bidder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_max_bids`("auction_id", "bidder_id", "amount") SELECT "auction_id", "bidder_id", "amount" FROM `max_bids`;--> statement-breakpoint
DROP TABLE `max_bids`;--> statement-breakpoint
ALTER TABLE `__new_max_bids` RENAME TO `max_bids`;
