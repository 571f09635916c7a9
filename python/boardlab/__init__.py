"""boardlab in Python: the four games (obsidian, daisy, sprint, parity), their positions and
games with the draw rules, perft, bots, game records, observation tensors and action indices
for learning, and random playouts in bulk. OpenSpiel games are in ``boardlab.openspiel``.

>>> import boardlab
>>> p = boardlab.Position("sprint")
>>> p.legal_moves()[:3]
['b2a3', 'b2c3', 'd2c3']
>>> p.play("b2a3").text
'1b1b1b/b1b1b1/6/w5/3w1w/w1w1w1 2 0 1'

Every error of ours (a bad position text, an illegal move, an unknown game, a bad bot spec,
a damaged record) raises ``ValueError`` with our message.
"""

from ._boardlab import (
    Bot,
    Game,
    Outcome,
    Position,
    action_count,
    first_player_drawn,
    games,
    longest_game,
    observation_shape,
    plane_names,
    random_playouts,
    read_record,
    read_records,
    rule_options,
)

__all__ = [
    "Bot",
    "Game",
    "Outcome",
    "Position",
    "action_count",
    "first_player_drawn",
    "games",
    "longest_game",
    "observation_shape",
    "plane_names",
    "random_playouts",
    "read_record",
    "read_records",
    "rule_options",
]
