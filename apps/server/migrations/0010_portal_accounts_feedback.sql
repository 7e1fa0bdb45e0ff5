-- Codes that confirm a new e-mail address (sent to it) or a new mobile number (by SMS); the new
-- value waits in pending_value until its code is entered.
ALTER TABLE identity_codes DROP CONSTRAINT identity_codes_purpose_check;
ALTER TABLE identity_codes ADD CONSTRAINT identity_codes_purpose_check
  CHECK (purpose IN ('FORGOT_PASSWORD', 'SIGN_UP', 'VERIFY_EMAIL', 'VERIFY_PHONE'));
ALTER TABLE identity_codes ADD COLUMN pending_value text;

-- How a customer prefers to be contacted (spec "Contact channel").
ALTER TABLE partners ADD COLUMN kontaktkanal text NOT NULL DEFAULT 'EMAIL'
  CHECK (kontaktkanal IN ('CHAT', 'EMAIL'));

-- The address an agent's notifications go to (their sign-in e-mail when null).
ALTER TABLE agents ADD COLUMN benachrichtigung_email text;

-- Feedback from the public page /feedback/{source}/{score?}.
CREATE TABLE feedback (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  brand       text NOT NULL,
  quelle      text NOT NULL,
  bewertung   integer CHECK (bewertung BETWEEN 0 AND 10),
  kommentar   text,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Consents to process health records (/einwilligung).
CREATE TABLE health_consents (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  brand                text NOT NULL,
  name                 text NOT NULL,
  versicherungs_nummer text NOT NULL,
  geburtsdatum         date NOT NULL,
  art                  text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now()
);
