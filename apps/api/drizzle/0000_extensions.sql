-- Trigram search backs every text filter; PGlite loads the extension from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
