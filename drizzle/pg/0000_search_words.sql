-- Search words of an auction: its name and description in lower case without accents, one word per
-- run of letters and digits, so that 'Émile' finds 'emile'. Punctuation only separates words (as it
-- does in what a person types): PostgreSQL's parser would keep 'brass/steel' or 'v1.2' whole. unaccent is a trusted extension (the
-- database's owner may create it). The function is declared immutable, which a generated column
-- needs: the two-argument unaccent names its dictionary, so its result depends on nothing else.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE FUNCTION auction_search_text(name text, description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN to_tsvector('simple'::regconfig, regexp_replace(
    public.unaccent('public.unaccent'::regdictionary, name || ' ' || description),
    '[!-/:-@[-`{-~]+', ' ', 'g'
  ));
--> statement-breakpoint
-- The same folding for what a person types: each word as a prefix, all of them required.
CREATE FUNCTION auction_search_query(words text[]) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN to_tsquery('simple'::regconfig, array_to_string(ARRAY(
    SELECT quote_literal(public.unaccent('public.unaccent'::regdictionary, lower(word))) || ':*' FROM unnest(words) AS word
  ), ' & '));
