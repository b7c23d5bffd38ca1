CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`auction_id` integer NOT NULL,
	`from_id` integer NOT NULL,
	`to_id` integer NOT NULL,
	`price` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_pending_unique` ON `offers` (`auction_id`) WHERE "offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `offers_to_idx` ON `offers` (`to_id`,`id`);--> statement-breakpoint
CREATE INDEX `offers_auction_idx` ON `offers` (`auction_id`,`id`);--> statement-breakpoint
DROP INDEX `orders_auction_unique`;--> statement-breakpoint
CREATE INDEX `orders_auction_idx` ON `orders` (`auction_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_auction_unique` ON `orders` (`auction_id`) WHERE "orders"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE `auctions` ADD `second_chance_at` integer;