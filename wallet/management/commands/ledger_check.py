"""`manage.py ledger_check`: prove the ledger sound, or say what is broken and exit non-zero."""

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction

from wallet.models import Account, Leg, Transfer
from wallet.selectors import ledger_problems


class Command(BaseCommand):
    help = (
        "Verify every invariant of the wallet ledger: transfers sum to zero, all balances sum to zero, "
        "no account below zero, cached balances equal their legs, escrows hold exactly their open stakes."
    )

    def handle(self, *args, **options):
        # One snapshot for every query, so that a check run while players play compares like with like.
        fresh = not connection.in_atomic_block
        with transaction.atomic():
            if fresh and connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            problems = ledger_problems()
            accounts, transfers, legs = Account.objects.count(), Transfer.objects.count(), Leg.objects.count()
        if problems:
            raise CommandError("The ledger is NOT sound:\n" + "\n".join(problems))
        self.stdout.write(
            self.style.SUCCESS(
                f"Ledger sound ({accounts} accounts, {transfers} transfers, {legs} legs): every check passed."
            )
        )
