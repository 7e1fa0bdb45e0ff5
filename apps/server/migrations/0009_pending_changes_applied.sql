-- A pending change that took effect stays as history: the day it was applied. Applying is
-- exactly once across server processes: the row is claimed with
-- UPDATE ... SET angewendet_am = ... WHERE angewendet_am IS NULL RETURNING.
ALTER TABLE pending_changes ADD COLUMN angewendet_am date;
CREATE INDEX pending_changes_due ON pending_changes (wirksam_ab) WHERE angewendet_am IS NULL;
CREATE INDEX contract_tasks_open ON contract_tasks (faellig_am) WHERE status = 'Offen';
