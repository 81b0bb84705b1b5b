"""The game-agnostic kernel: state protocol, tokens, errors, options, registry, matches, scenarios.

The kernel imports no game and no face (CLI, web, bots, RL): dependencies point inward.
"""

from .errors import IllegalAction, InvalidOptions, InvalidReplay, InvalidState, KartentischError, MalformedToken
from .game import GAME_OVER, ROUND_OVER, Bot, Game, GameState, RandomBot, SearchTuning, require
from .match import Match
from .options import Option, bool_option, choice_option, int_option, resolve_options, seat_option
from .parts import Parts, Step
from .registry import known_ids, lookup, register, register_loader
from .rng import shuffle, sort_shuffle
from .words import LANGS, Choice, Narration, Voice, narrate

__all__ = [
    "Bot", "Choice", "GAME_OVER", "Game", "GameState", "IllegalAction", "InvalidOptions", "InvalidReplay",
    "InvalidState", "KartentischError", "LANGS", "MalformedToken", "Match", "Narration", "Option", "Parts",
    "ROUND_OVER", "RandomBot", "SearchTuning", "Step", "Voice", "bool_option", "choice_option", "int_option",
    "known_ids", "lookup",
    "narrate", "register", "register_loader", "require", "resolve_options", "seat_option", "shuffle",
    "sort_shuffle",
]
