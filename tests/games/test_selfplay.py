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


def test_selfplay_plays_every_pairing_of_the_levels_and_reports_win_rates():
    out = StringIO()
    call_command("selfplay", "wordgrid", games=2, bots="easy,medium,hard", seed=5, stdout=out)
    report = out.getvalue()
    assert "6 of 6 matches finished" in report
    for pairing in ("| easy v medium | 2 |", "| easy v hard | 2 |", "| medium v hard | 2 |"):
        assert pairing in report
    # Each level played both of its pairings: 4 games, with its average points.
    for level in ("easy", "medium", "hard"):
        assert f"| {level} | 4 |" in report
    assert Match.objects.filter(game="wordgrid", status=Match.FINISHED).count() == 6


def test_selfplay_plays_a_torneo_of_eight_bots_and_reports_each_level():
    out = StringIO()
    call_command("selfplay", "torneo", games=1, lang="es", seed=4, stdout=out)
    report = out.getvalue()
    assert "torneo es: 1 of 1 matches finished" in report
    match = Match.objects.get(game="torneo")
    assert match.status == Match.FINISHED and len(match.lineup) == 8
    assert sorted(sitter["bot"] for sitter in match.lineup) == ["easy"] * 3 + ["hard"] * 2 + ["medium"] * 3
    rows = [line.split("|") for line in report.splitlines() if line.startswith("| es |")]
    assert [row[2].strip() for row in rows] == ["easy", "medium", "hard"]
    # Exactly one tournament winner, counted for its level.
    assert sum(int(row[8].split()[0]) for row in rows) == 1
    assert MatchEvent.objects.filter(match=match, kind="guessed").exists()


def test_selfplay_alone_measures_the_guesses_each_duelo_level_needs():
    out, again = StringIO(), StringIO()
    call_command("selfplay", "duelo", games=5, alone=True, lang="es", seed=9, stdout=out)
    call_command("selfplay", "duelo", games=5, alone=True, lang="es", seed=9, stdout=again)
    rows = [line.split("|") for line in out.getvalue().splitlines() if line.startswith("| es |")]
    assert [row[2].strip() for row in rows] == ["easy", "medium", "hard"]
    assert all(int(row[3]) == 5 and 0 <= int(row[4]) <= 5 for row in rows)
    assert int(rows[2][4]) == 5  # the hard bot solves every word within six guesses
    # The same seed plays the same words the same way.
    assert out.getvalue().split("wall clock")[0] == again.getvalue().split("wall clock")[0]


def test_the_same_seed_plays_the_same_duelo_matches_through_the_services():
    reports = []
    for _run in range(2):
        out = StringIO()
        call_command("selfplay", "duelo", games=2, bots="easy,hard", lang="es", rounds=1, seed=12, stdout=out)
        reports.append(out.getvalue().split("time per match")[0])
    assert reports[0] == reports[1]
    hidden = [m.state["hidden_words"] for m in Match.objects.order_by("pk")]
    assert hidden[:2] == hidden[2:] and hidden[0] != hidden[1]
