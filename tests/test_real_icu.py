"""Real ICU events: our ICU engine against the ICU's own rating program.

Source: ``tests/data/real/icu/*.txt`` (see README.md there), transcribed from the test file
``tournament_spec.rb`` of the ICU's published rating program, the Ruby gem
``icu_ratings`` (GitHub sanichi/icu_ratings, commit baea437), by the ICU's rating officer. Its
real-event cases give each player's rating, K or prior games, the rated games, and the
expected scores, new ratings, performances and bonuses that the ICU's rating database
published (or, where the test file says so, the program's own expected values). Nothing here is an
output of ours.

Our rules are the ICU rating program's whole-event algorithm (docs/sources.md). The program has
several versions of the whole-event algorithm (``rate!(version: n)``); the ICU rating
database's figures for events up to 2011 come from version 0, "the original pre-2012
algorithm". Our engine differs from version 0 in four documented ways, each of which
:data:`DIFFERENCES` lists with the figures it changes; the tests rebuild every one of those
published figures from our engine's own intermediate numbers (its explanation steps) and the
public formula functions:

- ``ONE_PASS``: after the bonuses, version 0 works the estimates over once (at most one
  pass) instead of until they settle. The published figure is our second rating's *first*
  pass.
- ``RATED_FIRST``: in the second rating the program recomputes the rated players (change,
  expected score) *before* it works the estimates again, so against the first rating's
  estimates; our engine re-works the estimates first (ICU rating program: after the bonuses the
  event is rated a second time). The same timing gives an unrated or provisional player's expected
  score with its own first-rating estimate.
- ``BONUS_AGAIN``: version 0 computes every bonus again from the second change; ours are not
  recomputed (ICU rating program: a bonus winner's bonus is not recomputed), as in the
  program's versions 2 and 3.
- ``UNRATEABLE``: a player none of whose games can be rated gets no new rating (``nil``) in
  the program; ours is NOT_RATED and keeps the rating given.

The program's version 2 (the one it recommends) also updates a bonus winner's rating, as
opponents see it, with the second change; the figures the test file states for version 2
(Limerick, Bunratty) agree with ours all the same.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

import pytest

from xlrating import icu
from xlrating.icu.formulas import publish
from xlrating.model import Game, Method, PlayerOutcome

DATA = Path(__file__).parent / "data" / "real" / "icu"
SCORES = {"W": 1.0, "D": 0.5, "L": 0.0}


@dataclass(frozen=True)
class Expected:
    """One published figure: ``quantity`` of ``player``, as written in the source."""

    player: int
    quantity: str
    text: str
    source: str
    version: int


@dataclass(frozen=True)
class RealEvent:
    name: str
    players: tuple[icu.IcuPlayer, ...]
    names: dict[int, str]
    games: tuple[Game, ...]
    expected: tuple[Expected, ...]


def read_event(path: Path) -> RealEvent:
    """An event file: ``P`` players, ``R`` results (each game once or from both sides), ``X``
    expected figures under the current ``version:`` and ``from:``."""
    name, source, version = "", "", 0
    players: list[icu.IcuPlayer] = []
    names: dict[int, str] = {}
    results: dict[tuple[int, int, int], float] = {}
    expected: list[Expected] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}, line {number}"
        if not line.strip() or line.startswith("#"):
            continue
        key, _, rest = line.partition(":")
        if key in ("event", "from", "version"):
            if key == "event":
                name = rest.strip()
            elif key == "from":
                source = rest.strip()
            else:
                version = int(rest)
            continue
        tag, *fields = line.split(maxsplit=6 if line.startswith("P ") else -1)
        if tag == "P":
            num, kind, rating, k, prior = (None if f == "-" else f for f in fields[:5])
            assert num is not None and kind is not None, where
            players.append(icu.IcuPlayer(
                int(num), icu.PlayerKind.parse(kind), rating=None if rating is None else float(rating),
                k=None if k is None else float(k), games=None if prior is None else int(prior),
            ))
            names[int(num)] = fields[5] if len(fields) > 5 else ""
        elif tag == "R":
            rnd, a, b = (int(f) for f in fields[:3])
            score = SCORES[fields[3]]
            game = (rnd, min(a, b), max(a, b))
            value = score if a < b else 1.0 - score
            assert results.setdefault(game, value) == value, f"{where}: inconsistent with an earlier line"
        elif tag == "X":
            for pair in fields[1:]:
                quantity, text = pair.split("=")
                expected.append(Expected(int(fields[0]), quantity, text, source, version))
        else:
            raise AssertionError(f"{where}: unknown line {line!r}")
    games = tuple(Game(r, a, b, s) for (r, a, b), s in results.items())
    return RealEvent(name, tuple(players), names, games, tuple(expected))


EVENT_FILES = sorted(p.name for p in DATA.glob("*.txt") if p.name != "k-factors.txt")


@cache
def event(file: str) -> RealEvent:
    return read_event(DATA / file)


@cache
def rated(file: str) -> dict[int, PlayerOutcome]:
    e = event(file)
    return {p.player: p for p in icu.rate_event(e.players, e.games, event_name=e.name).players}


# --- what our outcome says, in the program's terms --------------------------------------------------


def estimate(p: PlayerOutcome) -> float:
    """An unrated or provisional player's unrounded new rating (the program's "performance")."""
    if p.method is Method.PROVISIONAL:
        assert p.pre_rating is not None and p.change is not None
        return p.pre_rating + p.change
    assert p.method is Method.PERFORMANCE and p.performance is not None
    return p.performance


def ours(p: PlayerOutcome, quantity: str) -> float | None:
    if quantity == "new":
        return None if p.method is Method.NOT_RATED and p.pre_rating is None else p.post_rating
    if quantity == "performance" and p.method in (Method.PROVISIONAL, Method.PERFORMANCE):
        return estimate(p)
    return {"score": p.rated_score, "expected": p.expected_score, "performance": p.performance,
            "bonus": p.bonus}[quantity]


def agrees(value: float | None, text: str, within: float | None = None) -> bool:
    """``value`` rounds to the published ``text`` (to as many decimals as it shows), or is
    ``within`` of it."""
    if value is None:
        return False
    decimals = len(text.partition(".")[2])
    return abs(value - float(text)) <= (within or 0.5 * 10.0 ** -decimals) + 1e-9


# --- the documented differences ------------------------------------------------------------------

ONE_PASS, RATED_FIRST, BONUS_AGAIN, UNRATEABLE = "one pass", "rated first", "bonus again", "unrateable"

#: Every published figure our engine does not reproduce, by (file, player, quantity), with its
#: cause (module docstring). All are version-0 figures (the ICU rating database's, and the
#: program's own for Bunratty and the U12). Each is rebuilt from our own numbers below.
DIFFERENCES: dict[tuple[str, int, str], str] = {
    # Drogheda Congress Sec 5 2007: 5 won a bonus (45) and beat the provisional 3.
    ("drogheda-congress-2007-section-5.txt", 1, "performance"): ONE_PASS,
    ("drogheda-congress-2007-section-5.txt", 2, "performance"): ONE_PASS,
    ("drogheda-congress-2007-section-5.txt", 4, "performance"): ONE_PASS,
    ("drogheda-congress-2007-section-5.txt", 5, "performance"): ONE_PASS,
    ("drogheda-congress-2007-section-5.txt", 6, "performance"): ONE_PASS,
    ("drogheda-congress-2007-section-5.txt", 1, "expected"): RATED_FIRST,
    ("drogheda-congress-2007-section-5.txt", 2, "expected"): RATED_FIRST,
    ("drogheda-congress-2007-section-5.txt", 3, "expected"): RATED_FIRST,
    ("drogheda-congress-2007-section-5.txt", 4, "expected"): RATED_FIRST,
    ("drogheda-congress-2007-section-5.txt", 4, "new"): RATED_FIRST,
    ("drogheda-congress-2007-section-5.txt", 5, "expected"): RATED_FIRST,
    # Drogheda Club Championship 2009 Section H: 2 and 3 won bonuses; 1 and 5 provisional, 6 unrated.
    ("drogheda-club-2009-section-h.txt", 1, "new"): ONE_PASS,
    ("drogheda-club-2009-section-h.txt", 1, "performance"): ONE_PASS,
    ("drogheda-club-2009-section-h.txt", 5, "new"): ONE_PASS,
    ("drogheda-club-2009-section-h.txt", 5, "performance"): ONE_PASS,
    ("drogheda-club-2009-section-h.txt", 6, "new"): ONE_PASS,
    ("drogheda-club-2009-section-h.txt", 6, "performance"): ONE_PASS,
    ("drogheda-club-2009-section-h.txt", 2, "performance"): ONE_PASS,
    ("drogheda-club-2009-section-h.txt", 3, "performance"): ONE_PASS,
    ("drogheda-club-2009-section-h.txt", 4, "performance"): ONE_PASS,
    ("drogheda-club-2009-section-h.txt", 7, "performance"): ONE_PASS,
    ("drogheda-club-2009-section-h.txt", 2, "expected"): RATED_FIRST,
    ("drogheda-club-2009-section-h.txt", 3, "expected"): RATED_FIRST,
    ("drogheda-club-2009-section-h.txt", 4, "expected"): RATED_FIRST,
    ("drogheda-club-2009-section-h.txt", 4, "new"): RATED_FIRST,
    ("drogheda-club-2009-section-h.txt", 1, "expected"): RATED_FIRST,
    ("drogheda-club-2009-section-h.txt", 5, "expected"): RATED_FIRST,
    ("drogheda-club-2009-section-h.txt", 6, "expected"): RATED_FIRST,
    ("drogheda-club-2009-section-h.txt", 2, "bonus"): BONUS_AGAIN,
    ("drogheda-club-2009-section-h.txt", 2, "new"): BONUS_AGAIN,
    ("drogheda-club-2009-section-h.txt", 3, "bonus"): BONUS_AGAIN,
    ("drogheda-club-2009-section-h.txt", 3, "new"): BONUS_AGAIN,
    # LCU Div 3 2011-12 with K 32: 1 won a bonus (63) and lost to the unrated 2.
    ("lcu-div3-2012-ratings-icu-ie.txt", 1, "expected"): RATED_FIRST,
    ("lcu-div3-2012-ratings-icu-ie.txt", 1, "new"): RATED_FIRST,
    # Irish U12 2012: 4297 and 4299 won bonuses; Peoples (4311) is unrated.
    ("irish-u12-2012.txt", 4311, "new"): ONE_PASS,
    # Bunratty Minor 2012, version 0: Dunne's bonus comes from the second change.
    ("bunratty-minor-2012.txt", 1748, "bonus"): BONUS_AGAIN,
    # Unrateable Test 3: 4 (provisional), 5 and 6 (unrated) play only among themselves.
    ("made-up-unrateable-test-3.txt", 4, "new"): UNRATEABLE,
    ("made-up-unrateable-test-3.txt", 5, "new"): UNRATEABLE,
    ("made-up-unrateable-test-3.txt", 6, "new"): UNRATEABLE,
}

CASES = [(file, x) for file in EVENT_FILES for x in event(file).expected]


def case_id(case: tuple[str, Expected]) -> str:
    file, x = case
    return f"{file[:-4]}-{x.player}-{x.quantity}-v{x.version}"


# --- the tests -----------------------------------------------------------------------------------


def test_the_data_files_hold_the_events() -> None:
    """Transcription checks: players, games (each once) and figures per file; the published
    scores are those of the transcribed results."""
    counts = {file: (len(event(file).players), len(event(file).games), len(event(file).expected))
              for file in EVENT_FILES}
    assert counts == {
        "bunratty-minor-2012.txt": (102, 298, 7),
        "dempsey-oraghallaigh-match-2009.txt": (2, 3, 4),
        "drogheda-club-2009-section-g.txt": (6, 15, 24),
        "drogheda-club-2009-section-h.txt": (7, 14, 32),
        "drogheda-congress-2007-section-5.txt": (6, 15, 29),
        "european-youth-2008.txt": (8, 7, 33),
        "irish-u12-2012.txt": (27, 78, 1),
        "irish-veterans-2008.txt": (6, 15, 18),
        "lcu-div3-2012-access.txt": (16, 21, 4),
        "lcu-div3-2012-ratings-icu-ie.txt": (16, 21, 4),
        "limerick-u1400-2012.txt": (24, 66, 4),
        "made-up-k-factor-test.txt": (8, 12, 16),
        "made-up-unrateable-test-3.txt": (6, 6, 12),
        "malahide-2007.txt": (16, 36, 32),
        "prague-open-2008.txt": (19, 18, 23),
    }
    # The published scores are the transcribed results'.
    for file, x in CASES:
        if x.quantity == "score":
            assert rated(file)[x.player].rated_score == float(x.text), (file, x)


@pytest.mark.parametrize("case", [c for c in CASES if c[1].version or (c[0], c[1].player, c[1].quantity)
                                  not in DIFFERENCES], ids=case_id)
def test_published_figure_agrees(case: tuple[str, Expected]) -> None:
    """Every published figure outside :data:`DIFFERENCES` is ours, rounded as published."""
    file, x = case
    p = rated(file)[x.player]
    if x.text == "none":
        raise AssertionError("'none' figures are all UNRATEABLE differences")
    if x.quantity == "expected" and x.text == "0":  # the program's sum over no games; ours: none
        assert p.method is Method.NOT_RATED and p.expected_score is None and p.rated_games == 0
        return
    assert agrees(ours(p, x.quantity), x.text), (x, ours(p, x.quantity))


@pytest.mark.parametrize("key", sorted(DIFFERENCES), ids=lambda k: f"{k[0][:-4]}-{k[1]}-{k[2]}")
def test_listed_differences_are_real(key: tuple[str, int, str]) -> None:
    """The list is exact: every entry names a published figure that our engine does not give."""
    file, player, quantity = key
    x = published(*key)
    p = rated(file)[player]
    if DIFFERENCES[key] == UNRATEABLE:
        assert x.text == "none" and p.method is Method.NOT_RATED and p.rated_games == 0
        assert p.post_rating == p.pre_rating
        return
    assert not agrees(ours(p, quantity), x.text), (x, ours(p, quantity))


# --- the differences rebuilt from our own numbers -----------------------------------------------


def step(p: PlayerOutcome, label: str) -> float:
    values = [s.value for s in p.steps if re.fullmatch(label, s.label)]
    assert values and values[-1] is not None, (p.player, label)
    return values[-1]


def first_rating_view(file: str, n: int) -> float:
    """How opponents saw player ``n`` in the first rating's end state plus the bonuses: the
    estimate of the first rating, the bonus rating, or the rating."""
    p = rated(file)[n]
    if p.method in (Method.PROVISIONAL, Method.PERFORMANCE):
        return step(p, r"First rating, pass \d+: estimate")
    if p.bonus:
        return step(p, "Bonus rating")
    assert p.pre_rating is not None
    return p.pre_rating


def opponents_then(file: str, n: int) -> tuple[list[float], list[float]]:
    """Player ``n``'s opponents as the program's second rating sees them before re-working the
    estimates (:func:`first_rating_view`), and the scores."""
    lines = rated(file)[n].games
    return [first_rating_view(file, g.opponent) for g in lines], [g.score for g in lines]


@dataclass(frozen=True)
class SecondRating:
    """Version 0's second rating of a rated player, rebuilt from our numbers."""

    expected: float
    change: float
    performance: float
    bonus: int


def version_0_second_rating(file: str, n: int) -> SecondRating:
    p = rated(file)[n]
    assert p.pre_rating is not None and p.k is not None
    seen, scores = opponents_then(file, n)
    expected = sum(icu.expected_score(p.pre_rating, r) for r in seen)
    change = icu.rating_change(p.pre_rating, seen, scores, k=p.k)
    performance = icu.performance(seen, scores)
    again = icu.bonus(p.pre_rating, change, len(seen), p.k, performance)
    return SecondRating(expected, change, performance, again or int(p.bonus or 0))


def published(file: str, n: int, quantity: str) -> Expected:
    """The version-0 figure (:data:`DIFFERENCES` are all version 0)."""
    [x] = [x for x in event(file).expected if (x.player, x.quantity, x.version) == (n, quantity, 0)]
    return x


#: Where the source itself allows more than rounding. Section H, Guinan's performance: the
#: program gives 920.54 and the test file accepts it with "be_within(num == 2 ? 0.6 : 0.5)" of the
#: published 920 (the test file: "MSAccess results taken from rerun of original which is different
#: (reason unknown)"). Our rebuild gives the program's 920.54.
WITHIN = {("drogheda-club-2009-section-h.txt", 2, "performance"): 0.6}


def agrees_with_published(value: float | None, key: tuple[str, int, str]) -> bool:
    return agrees(value, published(*key).text, WITHIN.get(key))


@pytest.mark.parametrize("key", [k for k, v in DIFFERENCES.items() if v == ONE_PASS],
                         ids=lambda k: f"{k[0][:-4]}-{k[1]}-{k[2]}")
def test_one_pass_figures_are_our_second_ratings_first_pass(key: tuple[str, int, str]) -> None:
    """ONE_PASS: an unrated or provisional player's published rating is the estimate of our
    second rating's first pass (e.g. Section H, Fanjimni: pass 1 gives 1051.9997, published
    1052; our settled estimate is 1054.09). A rated player's published performance is the
    mean of Ropp +/- 400 in that same pass, with opponents at the first rating's estimates and
    bonus winners at their bonus ratings (e.g. Sec 5, Blake: 976.93, published 977; ours, from
    the settled estimates, 979.24)."""
    file, n, quantity = key
    p = rated(file)[n]
    if p.method is Method.ELO:
        assert quantity == "performance"
        value = version_0_second_rating(file, n).performance
    else:
        value = step(p, r"Second rating, pass 1: estimate")
    assert agrees_with_published(value, key), value


@pytest.mark.parametrize("key", [k for k, v in DIFFERENCES.items() if v == RATED_FIRST],
                         ids=lambda k: f"{k[0][:-4]}-{k[1]}-{k[2]}")
def test_rated_first_figures_come_from_the_first_ratings_estimates(key: tuple[str, int, str]) -> None:
    """RATED_FIRST: the published expected score and new rating come from the second rating
    with the unrated and provisional opponents still at the first rating's estimates. E.g.
    LCU Div 3 with K 32: Glegolski (1424) lost to Galligan, whose estimate is 1705.3 in the
    first rating and 1721.6 once Glegolski's bonus counts; against 1705.3 his expected score is
    2.868 (published 2.868; ours 2.855), so 1424 + 32 x (6.5 - 2.868) + 63 = 1603.2 (published
    1603; ours 1603.6, 1604). An unrated or provisional player's expected score is taken
    at its own first-rating estimate (Sec 5, Nikhil: 1.054 at 624.1, published 1.05; ours
    1.097 at 635.7)."""
    file, n, quantity = key
    p = rated(file)[n]
    if p.method is Method.ELO:
        again = version_0_second_rating(file, n)
        assert p.pre_rating is not None
        if quantity == "new":
            assert again.bonus == p.bonus  # the same bonus; only the second change differs
            value: float = publish(p.pre_rating + again.change + again.bonus)
        else:
            value = again.expected
    else:
        assert quantity == "expected"
        own = step(p, r"First rating, pass \d+: estimate")
        value = sum(icu.expected_score(own, r) for r in opponents_then(file, n)[0])
    assert agrees_with_published(value, key), value


@pytest.mark.parametrize("key", [k for k, v in DIFFERENCES.items() if v == BONUS_AGAIN],
                         ids=lambda k: f"{k[0][:-4]}-{k[1]}-{k[2]}")
def test_bonus_again_figures_recompute_the_bonus_from_the_second_change(key: tuple[str, int, str]) -> None:
    """BONUS_AGAIN: version 0 computes the bonus again from the second change. E.g. Section H,
    Guinan (659, K 40, 5 games): first change 59.94, bonus round(1.25 x round(59.94 - 35)) = 31
    (ours); second change 62.78, bonus round(1.25 x round(62.78 - 35)) = 35 (published), new
    rating round(659 + 62.78 + 35) = 757. Bunratty, Dunne (946, K 40): no bonus from the first
    change, 16 from the second (published for versions 0 and 1; 0 for versions 2 and 3, as ours)."""
    file, n, quantity = key
    p = rated(file)[n]
    assert p.pre_rating is not None
    again = version_0_second_rating(file, n)
    assert again.bonus != p.bonus
    value = again.bonus if quantity == "bonus" else publish(p.pre_rating + again.change + again.bonus)
    assert agrees_with_published(value, key), value


# --- version 2 and 1 statements: a new rating equals the performance against what the player saw --


def final_view(p: PlayerOutcome) -> float:
    """The rating opponents count player ``p`` at once the event is rated."""
    if p.method in (Method.PROVISIONAL, Method.PERFORMANCE):
        return estimate(p)
    if p.bonus:
        return step(p, "Bonus rating")
    assert p.pre_rating is not None
    return p.pre_rating


@pytest.mark.parametrize(("file", "n", "within"), [
    ("limerick-u1400-2012.txt", 6697, 0.1),  # version 2: "should be_within(0.1)"
    ("irish-u12-2012.txt", 4311, 0.5),  # version 1: "should be_within(0.5)"
    ("bunratty-minor-2012.txt", 1752, 0.5),  # versions 2 and 3: "should be_within(0.5)"
])
def test_unrated_players_rating_is_the_performance_against_their_opponents_final_ratings(
    file: str, n: int, within: float
) -> None:
    """The test file's check that the estimates have settled: an unrated player's new rating is the
    mean of Ropp +/- 400 with each opponent at its final rating as opponents see it. (Turner
    3 from 6 in Limerick; Peoples 3 from 6 in the U12; Faleschini 2 from 6 in Bunratty, whose
    opponents are all rated and win no bonus, so his rating is their mean minus 400/3.)"""
    outcome = rated(file)
    p = outcome[n]
    values = [final_view(outcome[g.opponent]) + 400.0 * (2 * g.score - 1) for g in p.games]
    assert abs(estimate(p) - sum(values) / len(values)) <= within
    if file.startswith("bunratty"):
        ratings = [outcome[g.opponent].pre_rating for g in p.games]
        assert all(r is not None for r in ratings) and all(not outcome[g.opponent].bonus for g in p.games)
        assert math.isclose(estimate(p), sum(r for r in ratings if r is not None) / 6 - 400 / 3)


def test_k_factors_of_the_programs_examples() -> None:
    """The program's expected K-factors (16 from 2100; 40 under 21; 32 a member under 8 years;
    else 24) for its four example players at an event starting 2010-07-10."""
    for line in (DATA / "k-factors.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("K "):
            _, rating, born, joined, k = line.split()
            assert icu.k_factor(float(rating), birth_date=date.fromisoformat(born),
                                joined=date.fromisoformat(joined), start_date=date(2010, 7, 10)) == float(k)
