"""Texts the game pages' JavaScript shows, translated here by Django so that the browser gets the
player's language without a second catalogue."""

from django.utils.translation import gettext as _


def board_strings() -> dict[str, str]:
    return {
        "round": _("Round %(n)s of %(total)s"),
        "starting": _("Get ready…"),
        "closing": _("Someone found it! %(s)s s left"),
        "time_left": _("%(s)s s"),
        "your_turn": _("Type a five-letter word"),
        "solved": _("Solved!"),
        "out_of_guesses": _("No guesses left"),
        "the_word_was": _("The word was"),
        "points": _("points"),
        "total": _("Total"),
        "guesses": _("guesses"),
        "not_solved": _("not solved"),
        "winner": _("Winner"),
        "winners": _("Shared victory"),
        "draw": _("Draw: everyone has the same total"),
        "play_again_host": _("You are the host: press “Start the match” to play again."),
        "play_again_guest": _("Waiting for the host to start another match."),
        "enter": _("Enter"),
        "delete": _("Delete"),
        "shift": _("Shift"),
        "spectating": _("You are watching this match."),
        "you": _("you"),
        "bot": _("bot"),
        "connection_lost": _("Connection lost. Reconnecting…"),
        "green": _("green"),
        "amber": _("amber"),
        "grey": _("grey"),
        "empty": _("empty"),
        "match_over": _("Match over"),
    }
