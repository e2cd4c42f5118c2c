"""Arguments of the wrong kind given to the engines' public functions: each refused with an
:class:`~xlrating.errors.ArgumentError` naming it, never a raw ``TypeError``,
``AttributeError`` or ``OverflowError``, never read as something else."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from xlrating import fide, icu, uscf
from xlrating.errors import ArgumentError


@pytest.mark.parametrize("which", [0, 1])
@pytest.mark.parametrize("value", [None, 1500, "1500", {"number": 1}])
def test_rate_match_refuses_what_is_not_a_player(which: int, value: Any) -> None:
    # Was an AttributeError: 'int' object has no attribute 'number'.
    players: list[Any] = [uscf.UscfPlayer(1, 1500.0, 30), uscf.UscfPlayer(2, 1600.0, 30)]
    players[which] = value
    name = ("player", "opponent")[which]
    with pytest.raises(ArgumentError, match=f"Argument '{name}' must be a UscfPlayer, not {value!r}"):
        uscf.rate_match(players[0], players[1], [1, 0.5])


@pytest.mark.parametrize("value", [None, 5, Fraction(1, 2), ""])
def test_period_rating_refuses_changes_that_are_not_a_sequence(value: Any) -> None:
    # Was a TypeError ('int' object is not iterable); "" was taken as no change.
    with pytest.raises(ArgumentError, match="Argument 'changes' must be a sequence of exact changes"):
        fide.period_rating(2000, value)


@pytest.mark.parametrize("value", [None, 1.5, "1"])
def test_tournament_average_refuses_scores_that_are_not_a_sequence(value: Any) -> None:
    with pytest.raises(ArgumentError, match="Argument 'scores' must be a sequence of scores"):
        fide.tournament_average([1900, 2000], value, 2)


def test_an_icu_k_too_large_for_a_float_is_refused_by_name() -> None:
    # Was an OverflowError from float(10**400).
    with pytest.raises(ArgumentError, match="Player 1: Argument 'k' must be a finite number"):
        icu.IcuPlayer(1, icu.PlayerKind.RATED, 1500, 30, k=10**400)


@pytest.mark.parametrize("keys", [("Quick", "quick"), ("Quick", "QC"), ("Regular", "regular rating")])
def test_two_names_of_one_rating_system_in_other_ratings_are_refused(keys: tuple[str, str]) -> None:
    # The second silently replaced the first: which rating counted depended on the order given.
    given = {keys[0]: (1400.0, 10), keys[1]: (1600.0, 20)}
    with pytest.raises(ArgumentError, match=f"{keys[0]!r} and {keys[1]!r} both name the"):
        uscf.UscfPlayer(1, 1500.0, 10, other_ratings=given)
    with pytest.raises(ArgumentError, match="both name the"):
        uscf.initial_rating("Blitz", other_ratings=given)
