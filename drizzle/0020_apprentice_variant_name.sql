-- The Apprentice's one variant is named by its size, as the machine catalogue names the model
-- ("Apprentice (16.5 × 16.5")"); "current entry model" described it and read as a name in pickers.
UPDATE "cnc_variants" SET "name" = '16.5 × 16.5"'
WHERE "name" = 'current entry model'
  AND "model_id" IN (SELECT "id" FROM "cnc_models" WHERE "name" = 'Apprentice');
