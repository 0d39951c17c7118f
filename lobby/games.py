"""The five games as the home page presents them. Names are the games' own; blurbs go through gettext."""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameCard:
    slug: str
    name: str
    blurb: Promise
    players: Promise
    url_name: str = ""  # the game's page, once the game is playable


CATALOGUE = [
    GameCard(
        "duelo",
        "Duelo de Palabras",
        _("Guess the hidden five-letter word before your rivals, all at the same time."),
        _("2 to 6 players, bots welcome"),
        url_name="duelo_home",
    ),
    GameCard(
        "torneo",
        "Torneo",
        _("Eight players, three lives, one-on-one word duels until one is left standing."),
        _("8 players, rated"),
        url_name="lobby",
    ),
    GameCard(
        "wordgrid",
        "Wordgrid",
        _("Add a letter, trace a word on the 5x5 grid, beat the clock and your opponent."),
        _("2 players or you against a bot, optional stakes"),
        url_name="wordgrid_home",
    ),
    GameCard(
        "cruzadas",
        "Letras Cruzadas",
        _("The crossword tile game with the Turkish bag, against a friend or the AI."),
        _("2 players or you against the AI"),
        url_name="cruzadas_home",
    ),
    GameCard(
        "claves",
        "Claves a Dúo",
        _("Work together: give one-word clues so your partner finds every key."),
        _("2 players together, anyone can watch"),
        url_name="claves_home",
    ),
]
