-- Trigram matching for autocomplete (title and username lookups).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
