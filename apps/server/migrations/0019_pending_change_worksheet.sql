-- The rating worksheet (rechenweg) a pending change was priced with, when the contract's tariff
-- rates contracts: kept with the change as an application keeps its own.
ALTER TABLE pending_changes ADD COLUMN rechenweg jsonb;
