"""The game-agnostic kernel: state protocol, tokens, errors, options, registry, matches, scenarios.

The kernel imports no game and no face (CLI, web, bots, RL): dependencies point inward.
"""

from .errors import IllegalAction, InvalidOptions, InvalidReplay, InvalidState, KartentischError
from .game import GAME_OVER, ROUND_OVER, Bot, Game, GameState, RandomBot, require, shuffle, sort_shuffle
from .match import Match
from .options import Option, bool_option, choice_option, int_option, resolve_options, seat_option
from .registry import known_ids, lookup, register, register_loader

__all__ = [
    "GAME_OVER", "ROUND_OVER", "Bot", "Game", "GameState", "IllegalAction", "InvalidOptions",
    "InvalidReplay", "InvalidState", "KartentischError", "Match", "Option", "RandomBot",
    "bool_option", "choice_option", "int_option", "known_ids", "lookup", "register", "register_loader",
    "require", "resolve_options", "seat_option", "shuffle", "sort_shuffle",
]
