-- The attempt limits' counts, shared by every instance (src/server/services/rate-limit.ts). The table
-- is rate-limiter-flexible's own, in the shape it expects; made here, once, rather than by each
-- instance at its first attempt, where two instances starting together could race to create it.
CREATE TABLE IF NOT EXISTS "rate_limits" (
  "key" varchar(255) PRIMARY KEY,
  "points" integer NOT NULL DEFAULT 0,
  "expire" bigint
);
