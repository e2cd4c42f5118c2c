"""The Irish Chess Union (ICU) rating engine.

Built from the ICU rating formulae (the Elo formula for rated players, averaged
performance ratings for provisional ones) and the ICU rating program (player types, K
factors, iterative estimates, bonuses, the second rating). The player is in
:mod:`.player`, the single-player formulas in :mod:`.formulas`, the whole-event algorithm
in :mod:`.event` (its numbers from a numeric core: :mod:`.core_plain` in plain Python,
:mod:`.core_numpy` on numpy arrays for large events), the constants in :mod:`.rules`.

The formulae's two examples:

```python
>>> from xlrating import icu
>>> round(icu.rating_change(2000, [2000, 2200], [1, 0.5], k=40), 1)
30.4
>>> icu.provisional_rating(1000, 10, [1000, 1200], ["W", "D"])
1050.0

```

A whole event: a rated junior, a provisional player and an unrated player.

```python
>>> from datetime import date
>>> from xlrating.model import Game
>>> players = [
...     icu.IcuPlayer(1, icu.PlayerKind.RATED, 2000, birth_date=date(2008, 3, 1)),
...     icu.IcuPlayer(2, icu.PlayerKind.RATED, 2200, k=16),
...     icu.IcuPlayer(3, icu.PlayerKind.PROVISIONAL, 1000, games=10),
...     icu.IcuPlayer(4, icu.classify(None)),
... ]
>>> games = [Game(1, 1, 2, 0.5), Game(1, 3, 4, "W"), Game(2, 1, 4, 1), Game(2, 2, 3, 1)]
>>> outcome = icu.rate_event(players, games, start_date=date(2024, 6, 1), event_name="Example Open")
>>> [(p.player, p.method.value, p.post_rating) for p in outcome.players]
[(1, 'elo', 2011), (2, 'elo', 2196), (3, 'provisional', 1113), (4, 'performance', 1157)]
>>> outcome.player(1).k, outcome.player(4).notes
(40.0, ('games against 3 skipped in pass 1: no estimate',))

```
"""

from __future__ import annotations

from .event import rate_event
from .formulas import bonus, expected_score, k_factor, performance, provisional_rating, rating_change
from .player import IcuPlayer, PlayerKind, classify, kind_after
from .rules import DEFAULT, EDITIONS, ICU, IcuRules, RulesLike, get_rules

__all__ = [
    "DEFAULT",
    "EDITIONS",
    "ICU",
    "IcuPlayer",
    "IcuRules",
    "PlayerKind",
    "RulesLike",
    "bonus",
    "classify",
    "expected_score",
    "get_rules",
    "k_factor",
    "kind_after",
    "performance",
    "provisional_rating",
    "rate_event",
    "rating_change",
]
