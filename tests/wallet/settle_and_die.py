"""Run by test_wallet_faults.py in its own process: start a settlement, then die by SIGKILL inside
its transaction, after some of the legs are written and before COMMIT.

Usage: python tests/wallet/settle_and_die.py <match_ref> <winner_player_id> <key>
(DATABASE_URL names the test database.)
"""

import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from accounts.models import Player  # noqa: E402
from wallet import services  # noqa: E402

real_write_leg = services._write_leg
written = []


def write_then_die(**kwargs):
    leg = real_write_leg(**kwargs)
    written.append(leg)
    if len(written) == 2:  # the escrow is emptied and the winner paid; the house not yet
        print("dying", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    return leg


services._write_leg = write_then_die
match_ref, winner_id, key = sys.argv[1], int(sys.argv[2]), sys.argv[3]
services.escrow_settle(match_ref=match_ref, winner=Player.objects.get(pk=winner_id), key=key)
print("survived", flush=True)
