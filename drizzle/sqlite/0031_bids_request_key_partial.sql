-- A bid's request key is unique per bidder, as before, but only the bids placed with a key have an
-- entry in its index: most bids have none (NULLs never conflict), and each of their entries was one
-- more page for a bid's commit to write.
DROP INDEX `bids_bidder_request_key_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `bids_bidder_request_key_unique` ON `bids` (`bidder_id`,`request_key`) WHERE "bids"."request_key" is not null;