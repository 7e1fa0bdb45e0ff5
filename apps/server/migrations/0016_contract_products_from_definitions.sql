-- A contract's product is a line of definitions/ (its application's product identifier, the claim
-- products that take its claims), no longer a closed list in the database: a line added as data
-- has contracts without a migration of its own.

ALTER TABLE contracts DROP CONSTRAINT IF EXISTS contracts_produkt_check;
