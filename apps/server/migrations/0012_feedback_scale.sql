-- The scale a feedback score was given on: 1 to 5 (satisfaction) or 0 to 10 (recommendation).
ALTER TABLE feedback ADD COLUMN skala text NOT NULL DEFAULT '1-5' CHECK (skala IN ('1-5', '0-10'));
ALTER TABLE feedback ADD CONSTRAINT feedback_score_on_scale
  CHECK (bewertung IS NULL OR skala = '0-10' OR bewertung BETWEEN 1 AND 5);
