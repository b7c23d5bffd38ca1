CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`auction_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`price` integer NOT NULL,
	`shipping_cost` integer,
	`status` text DEFAULT 'awaiting_payment' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`due_at` integer NOT NULL,
	`paid_at` integer,
	`shipped_at` integer,
	`tracking_number` text,
	`received_at` integer,
	`cancelled_at` integer,
	`cancel_reason` text,
	`overdue_notified_at` integer,
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_auction_unique` ON `orders` (`auction_id`);--> statement-breakpoint
CREATE INDEX `orders_buyer_idx` ON `orders` (`buyer_id`,`id`);--> statement-breakpoint
CREATE INDEX `orders_seller_idx` ON `orders` (`seller_id`,`id`);--> statement-breakpoint
CREATE INDEX `orders_overdue_due_idx` ON `orders` (`due_at`) WHERE "orders"."overdue_notified_at" is null and "orders"."status" = 'awaiting_payment';--> statement-breakpoint
ALTER TABLE `users` ADD `unpaid_strikes` integer DEFAULT 0 NOT NULL;