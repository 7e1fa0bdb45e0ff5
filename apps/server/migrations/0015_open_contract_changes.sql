-- One open change per contract: a submitted application for an existing contract (a change of
-- tariff, `forContracts`) names the contract in open_change_of until the back office has handled
-- it; the unique index lets no second one in, whatever races. Of applications submitted before
-- this migration only the first per contract is marked open (later ones stay as they are).
ALTER TABLE applications ADD COLUMN open_change_of text;
UPDATE applications AS a SET open_change_of = a.data -> 'vertrag' ->> 'versicherungsNummer'
WHERE a.status = 'submitted' AND a.data ? 'vertrag'
  AND NOT EXISTS (
    SELECT 1 FROM applications AS b
    WHERE b.status = 'submitted'
      AND b.data -> 'vertrag' ->> 'versicherungsNummer' = a.data -> 'vertrag' ->> 'versicherungsNummer'
      AND (b.submitted_at, b.id) < (a.submitted_at, a.id)
  );
CREATE UNIQUE INDEX applications_open_change ON applications (open_change_of);
