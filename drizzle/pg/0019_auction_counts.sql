CREATE TABLE "auction_counts" (
	"id" integer PRIMARY KEY NOT NULL,
	"listed" integer NOT NULL,
	"unclosed" integer NOT NULL,
	CONSTRAINT "auction_counts_one_row" CHECK ("auction_counts"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "seller_auction_counts" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"auctions" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auctions_closed_end_idx" ON "auctions" USING btree ("ends_at") WHERE "auctions"."closed_at" is not null and "auctions"."cancelled_at" is null;