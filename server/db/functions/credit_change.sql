-- credit_change: adds credits, or removes them when the balance covers it, and writes the ledger row,
-- in one statement; answers the new balance, or NULL when a debit is not covered (nothing changes).
-- The credits module's applyCreditChange and chat_send both go through it.
CREATE OR REPLACE FUNCTION "credit_change"("for_user" int, "delta" int, "reason" text, "reference" text)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  balance int;
BEGIN
  -- PL/pgSQL rather than SQL: its statement's plan is kept for the session, not made on each call.
  WITH changed AS (
    UPDATE "users" SET "credits" = "users"."credits" + credit_change.delta
      WHERE "users"."id" = credit_change.for_user
        AND (credit_change.delta >= 0 OR "users"."credits" >= -credit_change.delta)
      RETURNING "users"."credits"
  )
  INSERT INTO "credit_ledger" ("user_id", "delta", "balance_after", "reason", "reference")
    SELECT credit_change.for_user, credit_change.delta, changed."credits", credit_change.reason,
      credit_change.reference
    FROM changed
    RETURNING "balance_after" INTO balance;
  RETURN balance;
END
$$;
