-- Bike applications and agents' drafts: the flow (and its version) a draft or application was made
-- with, the customer it is for, and the numbers of submitted applications (FA- + 8 digits).

ALTER TABLE applications ADD COLUMN flow text;
ALTER TABLE applications ADD COLUMN flow_version integer;
ALTER TABLE applications ADD COLUMN partner_nummer text REFERENCES partners (partner_nummer);

CREATE SEQUENCE application_number_seq AS bigint MINVALUE 1 MAXVALUE 99999999 NO CYCLE;

CREATE INDEX applications_status_idx ON applications (owner_role, owner_id, status, updated_at DESC);
CREATE INDEX applications_partner_idx ON applications (partner_nummer);
