"""Texts the room page's JavaScript shows (static/js/room.js, static/js/games/duelo.js), translated
here by Django so the browser gets the player's language without a second catalogue. Keys are the
scripts' own; placeholders are %(name)s, filled in by the scripts."""

from django.utils.translation import gettext as _


def board_strings(game: str) -> dict[str, str]:
    """The room's texts and the game board's texts (keys may mean different things per game)."""
    board = {"duelo": duelo_strings, "wordgrid": wordgrid_strings}[game]()
    return {**room_strings(), **board}


def duelo_strings() -> dict[str, str]:
    return {
        "round_of": _("Round %(round)s of %(rounds)s"),
        "round_title": _("Round %(round)s"),
        "get_ready": _("Get ready…"),
        "time_left": _("Time left"),
        "closing": _("The word has been found! The round ends in %(seconds)s s."),
        "your_grid": _("Your guesses"),
        "rivals": _("Rivals"),
        "keyboard": _("Keyboard"),
        "enter": _("Enter"),
        "back": _("Delete"),
        "shift": _("Shift"),
        "mark_green": _("green"),
        "mark_amber": _("amber"),
        "mark_grey": _("grey"),
        "empty": _("empty"),
        "row_label": _("Guess %(row)s"),
        "you": _("you"),
        "bot": _("bot"),
        "seat_n": _("Seat %(n)s"),
        "solved": _("Solved"),
        "out_of_guesses": _("Out"),
        "points_line": _("+%(round)s · %(total)s"),
        "points_label": _("%(round)s points this round, %(total)s in total"),
        "your_points": _("You: +%(round)s this round · %(total)s in total"),
        "guesses_left": _("%(count)s guesses left"),
        "end_title": _("The word was"),
        "solved_in": _("Solved in %(guesses)s"),
        "not_solved": _("Not solved"),
        "next_round_in": _("Next round in %(seconds)s s"),
        "results_in": _("Results in %(seconds)s s"),
        "match_over": _("Match over"),
        "you_win": _("You win!"),
        "winner": _("%(name)s wins!"),
        "shared_victory": _("Shared victory: %(names)s"),
        "draw": _("A draw: everyone scored %(points)s."),
        "stopped": _("The match was ended early."),
        "place": _("Place"),
        "player": _("Player"),
        "round_short": _("R%(round)s"),
        "total": _("Total"),
        "play_again_host": _("Play again: start a new match from the room."),
        "play_again_wait": _("The host can start a new match in this room."),
        "spectating": _("You are watching this match."),
        "not_letters": _("Use only letters of the word language."),
        "wrong_length": _("A guess has exactly %(count)s letters."),
        "not_in_list": _("Not in the word list."),
        "already_played": _("You already played that word this round."),
    }


def room_strings() -> dict[str, str]:
    return {
        "seat_free": _("Free seat"),
        "seat_host": _("host"),
        "seat_you": _("you"),
        "bot_easy": _("easy bot"),
        "bot_medium": _("medium bot"),
        "bot_hard": _("hard bot"),
        "online": _("Connected"),
        "offline": _("Reconnecting…"),
        "spectators": _("%(count)s watching"),
    }


def wordgrid_strings() -> dict[str, str]:
    return {
        "your_turn": _("Your turn"),
        "their_turn": _("%(name)s's turn"),
        "spectating": _("You are watching this match."),
        "seat_n": _("Seat %(n)s"),
        "you": _("you"),
        "bot": _("bot"),
        "score": _("Score"),
        "clock": _("Time left"),
        "grid": _("Grid"),
        "keyboard": _("Letters"),
        "cell_empty": _("Row %(row)s, column %(col)s, empty"),
        "cell_letter": _("Row %(row)s, column %(col)s, %(letter)s"),
        "step_cell": _("Tap an empty cell next to a letter."),
        "step_letter": _("Pick a letter for the new cell."),
        "step_trace": _("Now trace your word: tap or drag across the letters, including the new one."),
        "word_so_far": _("Your word"),
        "clear": _("Clear"),
        "submit": _("Play word"),
        "sending": _("Sending…"),
        "words_played": _("Words played"),
        "no_words": _("No words yet."),
        "start_word": _("Start word: %(word)s (it does not count)"),
        "offer_draw": _("Offer a draw"),
        "accept_draw": _("Accept draw"),
        "decline_draw": _("Decline"),
        "draw_offered_by_you": _("You offered a draw. Waiting for %(name)s to answer."),
        "draw_offered_to_you": _("%(name)s offers a draw."),
        "draw_offered": _("%(name)s offers a draw."),
        "resign": _("Resign"),
        "resign_confirm": _("Resign this game? It counts as a loss."),
        "resign_yes": _("Yes, resign"),
        "resign_no": _("Keep playing"),
        "match_over": _("Game over"),
        "you_win": _("You win!"),
        "winner": _("%(name)s wins!"),
        "draw": _("Draw agreed"),
        "reason_grid_full": _("The grid is full."),
        "reason_no_moves": _("%(name)s had no legal move left."),
        "reason_timeout": _("%(name)s ran out of time."),
        "reason_resign": _("%(name)s resigned."),
        "reason_agreed_draw": _("Both players agreed to a draw."),
        "reason_stopped": _("The game was ended early."),
        "tie_rule": _("Tied on points: a tie goes to the second player, %(name)s."),
    }
