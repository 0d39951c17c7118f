"""`manage.py selfplay` plays whole bot matches through the real services."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.models import Match, MatchEvent

pytestmark = pytest.mark.django_db


def test_selfplay_finishes_every_match_and_reports_the_bots():
    out = StringIO()
    call_command("selfplay", "duelo", games=2, bots="easy,hard", lang="es", rounds=1, seed=3, stdout=out)
    report = out.getvalue()
    assert "2 of 2 matches finished" in report
    assert "easy" in report and "hard" in report and "time per match" in report
    assert Match.objects.filter(status=Match.FINISHED).count() == 2
    # The moves went through the service path: every guess is in the event log.
    assert MatchEvent.objects.filter(kind="guessed").count() >= 2


def test_selfplay_refuses_bad_arguments():
    with pytest.raises(CommandError):
        call_command("selfplay", "duelo", games=1, bots="easy", lang="es")
    with pytest.raises(CommandError):
        call_command("selfplay", "duelo", games=1, bots="easy,genius", lang="es")


def test_selfplay_plays_wordgrid_between_bot_levels():
    out = StringIO()
    call_command("selfplay", "wordgrid", games=2, bots="easy,medium", seed=5, stdout=out)
    report = out.getvalue()
    assert "2 of 2 matches finished" in report and "wins" in report
    assert Match.objects.filter(game="wordgrid", status=Match.FINISHED).count() == 2


def test_selfplay_plays_letras_cruzadas_between_ai_levels():
    out = StringIO()
    call_command("selfplay", "cruzadas", games=1, ai="easy,medium", seed=2, stdout=out)
    report = out.getvalue()
    assert "1 of 1 matches finished" in report and "time per move" in report
    assert Match.objects.get(game="cruzadas").status == Match.FINISHED
