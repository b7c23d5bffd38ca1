-- Substring search for the admin users page: an FTS5 index with the trigram tokenizer over name and
-- email, kept in step with `users` by triggers. Drizzle's schema cannot declare a virtual table, so this
-- migration was made with `drizzle-kit generate --custom`.
CREATE VIRTUAL TABLE `users_search` USING fts5(name, email, content='users', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `users_search_after_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO users_search(rowid, name, email) VALUES (new.id, new.name, new.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_after_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO users_search(users_search, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_after_update` AFTER UPDATE OF name, email ON `users` BEGIN
  INSERT INTO users_search(users_search, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
  INSERT INTO users_search(rowid, name, email) VALUES (new.id, new.name, new.email);
END;
--> statement-breakpoint
INSERT INTO users_search(users_search) VALUES ('rebuild');
