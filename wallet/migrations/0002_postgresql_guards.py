"""PostgreSQL guards of the ledger, so that no code path (not even raw SQL from a shell) can break it.

- A transfer's legs sum to zero and number at least two: deferred constraint triggers,
  checked at COMMIT (the legs of one transfer are written one by one), as hordak does.
- A leg's balance_after continues its account's chain (previous balance_after + amount),
  and an account's cached balance equals its latest leg's balance_after at COMMIT.
- Transfers and legs are append-only: UPDATE and DELETE are refused.

SQLite (the newcomer's `make run`) gets none of these; the Python checks in
wallet/services.py and `manage.py ledger_check` apply everywhere.
"""

from django.db import migrations

FORWARD = r"""
CREATE FUNCTION wallet_transfer_is_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    total bigint;
    legs integer;
BEGIN
    SELECT coalesce(sum(amount), 0), count(*) INTO total, legs
      FROM wallet_leg WHERE transfer_id = NEW.transfer_id;
    IF total <> 0 OR legs < 2 THEN
        RAISE EXCEPTION 'wallet: transfer % has % legs summing to %, not zero', NEW.transfer_id, legs, total
              USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER wallet_leg_transfer_balanced
    AFTER INSERT ON wallet_leg DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION wallet_transfer_is_balanced();

CREATE FUNCTION wallet_transfer_has_legs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT count(*) FROM wallet_leg WHERE transfer_id = NEW.id) < 2 THEN
        RAISE EXCEPTION 'wallet: transfer % has fewer than two legs', NEW.id
              USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER wallet_transfer_legs_present
    AFTER INSERT ON wallet_transfer DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION wallet_transfer_has_legs();

CREATE FUNCTION wallet_leg_continues_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    previous bigint;
BEGIN
    SELECT balance_after INTO previous FROM wallet_leg
     WHERE account_id = NEW.account_id AND id < NEW.id ORDER BY id DESC LIMIT 1;
    IF NEW.balance_after <> coalesce(previous, 0) + NEW.amount THEN
        RAISE EXCEPTION 'wallet: leg of account % says balance % after %, but the account had %',
              NEW.account_id, NEW.balance_after, NEW.amount, coalesce(previous, 0)
              USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER wallet_leg_chain
    BEFORE INSERT ON wallet_leg FOR EACH ROW EXECUTE FUNCTION wallet_leg_continues_chain();

CREATE FUNCTION wallet_account_matches_legs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    cached bigint;
    latest bigint;
BEGIN
    SELECT balance INTO cached FROM wallet_account WHERE id = NEW.id;
    SELECT balance_after INTO latest FROM wallet_leg WHERE account_id = NEW.id ORDER BY id DESC LIMIT 1;
    IF cached IS NOT NULL AND cached <> coalesce(latest, 0) THEN
        RAISE EXCEPTION 'wallet: account % caches balance % but its legs say %', NEW.id, cached, coalesce(latest, 0)
              USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER wallet_account_balance_matches_legs
    AFTER INSERT OR UPDATE ON wallet_account DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION wallet_account_matches_legs();

CREATE FUNCTION wallet_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'wallet: % is append-only (% refused); correct a mistake with a new transfer',
          TG_TABLE_NAME, TG_OP USING ERRCODE = 'integrity_constraint_violation';
END $$;

CREATE TRIGGER wallet_transfer_append_only
    BEFORE UPDATE OR DELETE ON wallet_transfer FOR EACH ROW EXECUTE FUNCTION wallet_refuse_rewrite();
CREATE TRIGGER wallet_leg_append_only
    BEFORE UPDATE OR DELETE ON wallet_leg FOR EACH ROW EXECUTE FUNCTION wallet_refuse_rewrite();
"""

BACKWARD = r"""
DROP TRIGGER IF EXISTS wallet_leg_append_only ON wallet_leg;
DROP TRIGGER IF EXISTS wallet_transfer_append_only ON wallet_transfer;
DROP FUNCTION IF EXISTS wallet_refuse_rewrite();
DROP TRIGGER IF EXISTS wallet_account_balance_matches_legs ON wallet_account;
DROP FUNCTION IF EXISTS wallet_account_matches_legs();
DROP TRIGGER IF EXISTS wallet_leg_chain ON wallet_leg;
DROP FUNCTION IF EXISTS wallet_leg_continues_chain();
DROP TRIGGER IF EXISTS wallet_transfer_legs_present ON wallet_transfer;
DROP FUNCTION IF EXISTS wallet_transfer_has_legs();
DROP TRIGGER IF EXISTS wallet_leg_transfer_balanced ON wallet_leg;
DROP FUNCTION IF EXISTS wallet_transfer_is_balanced();
"""


def install(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARD, params=None)


def uninstall(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARD, params=None)


class Migration(migrations.Migration):
    dependencies = [("wallet", "0001_initial")]

    operations = [migrations.RunPython(install, uninstall)]
