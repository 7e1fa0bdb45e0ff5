-- Issuance: the back office issues a submitted application of a line that declares `issue` as a
-- contract on its day (issue_on; at once: the day of submission). issued_contract names the
-- contract once issued; setting it is what claims the issuance, so it happens once (unique).
-- Contract numbers are the product's prefix and a number of their own sequence.
ALTER TABLE applications ADD COLUMN issue_on date;
ALTER TABLE applications ADD COLUMN issued_contract text UNIQUE REFERENCES contracts (versicherungs_nummer);
CREATE INDEX applications_issue_due ON applications (issue_on) WHERE issued_contract IS NULL;
CREATE SEQUENCE contract_number_seq AS bigint MINVALUE 1 MAXVALUE 9999999 NO CYCLE;
