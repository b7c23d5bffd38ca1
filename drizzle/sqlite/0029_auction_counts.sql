CREATE TABLE `auction_counts` (
	`id` integer PRIMARY KEY NOT NULL,
	`listed` integer NOT NULL,
	`unclosed` integer NOT NULL,
	CONSTRAINT "auction_counts_one_row" CHECK("auction_counts"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `seller_auction_counts` (
	`seller_id` integer PRIMARY KEY NOT NULL,
	`auctions` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auctions_unclosed_start_idx` ON `auctions` (`starts_at`) WHERE "auctions"."closed_at" is null and "auctions"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX `auctions_closed_end_idx` ON `auctions` (`ends_at`) WHERE "auctions"."closed_at" is not null and "auctions"."cancelled_at" is null;