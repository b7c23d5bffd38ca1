-- Numbers the bids that existed before `bids.seq`: each bid's position within its auction, oldest
-- first, which is the auction's bid count right after that bid. Made with `drizzle-kit generate --custom`.
UPDATE `bids` SET `seq` = (
  SELECT count(*) FROM `bids` AS `earlier`
  WHERE `earlier`.`auction_id` = `bids`.`auction_id` AND `earlier`.`id` <= `bids`.`id`
);
