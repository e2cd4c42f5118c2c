"""xlrating's Excel functions: the rating rules as formulas (``=USCF_SPECIAL(...)``).

Register this module with xlwings and every function below is an Excel function of the
same name:

- classic xlwings (Windows): set ``UDF Modules`` to ``xlrating.udfs`` in the xlwings
  ribbon (or the ``xlwings.conf`` sheet) and click *Import Functions*;
- xlwings Lite: add ``xlrating`` to ``requirements.txt`` and put
  ``from xlrating.udfs import *`` into ``main.py``.

Each function is a thin wrapper around an engine function (:mod:`xlrating.uscf`,
:mod:`xlrating.fide`, :mod:`xlrating.icu`, :mod:`xlrating.crosstable`): it reads its
arguments the Excel way (:mod:`xlrating.excel.args`: ranges as rows, columns or blocks,
blanks skipped, numbers typed as text, W/D/L results, dates as dates or serials, blank
optional arguments taking their defaults) and shows errors as Excel errors
(:mod:`xlrating.excel.errors`: ``#VALUE!`` with the reason, ``#N/A`` for a value that
does not exist). The docstrings are what Excel's function wizard shows.
"""

import math
from collections.abc import Callable
from datetime import date
from fractions import Fraction
from functools import partial
from typing import Annotated, Any

import xlwings as xw

from . import _check, fide, icu, systems, uscf
from ._floats import in_order
from .crosstable.values import show
from .errors import ArgumentError
from .excel import args, event
from .excel.errors import NotAvailable, excel_function
from .fide.rating import LOWEST_PUBLISHED, exact, pd_hundredths
from .model import EventType
from .uscf.floors import store
from .uscf.formulas import effective_arg
from .uscf.rules import history_word as uscf_history

__all__ = [
    "EFFECTIVE_GAMES",
    "FIDE_CHANGE",
    "FIDE_DP",
    "FIDE_EXPECTED",
    "FIDE_K",
    "FIDE_PD",
    "FIDE_RA",
    "FIDE_RN",
    "FIDE_RU",
    "ICU_BONUS",
    "ICU_CHANGE",
    "ICU_EXPECTED",
    "ICU_K",
    "ICU_PERF",
    "RATE_CROSSTABLE",
    "SCORE",
    "USCF_AGE_RATING",
    "USCF_BONUS",
    "USCF_BONUS_MULTIPLIER",
    "USCF_FLOOR",
    "USCF_FROM_CFC",
    "USCF_FROM_FIDE",
    "USCF_INITIAL",
    "USCF_INITIAL_GAMES",
    "USCF_K",
    "USCF_NSTAR",
    "USCF_PEAK_FLOOR",
    "USCF_PRIZE_FLOOR",
    "USCF_PWE",
    "USCF_RATING",
    "USCF_SPECIAL",
    "USCF_STANDARD",
    "USCF_WE",
]

# Argument documentation shared by several functions (Annotated[..., {"doc": ...}] is what
# xlwings shows in the function wizard; "ndim": 2 makes a range arrive as rows).


def _rules_doc(system: systems.System) -> str:
    """A ``rules`` argument's description, from the registry: ``Rules: 2020, 2011, 2009 or USCF 2020 ...``."""
    short = [edition.aliases[1] for edition in system.editions]
    full = [edition.name for edition in system.editions]
    listed = f"{', '.join(short)} or {full[0]} ..." if len(full) > 2 else \
        f"{', '.join([*short, *full[:-1]])} or {full[-1]}"
    return f"Rules: {listed}; blank: {short[0]}"


UscfRules = Annotated[Any, {"doc": _rules_doc(systems.USCF)}]
FideRules = Annotated[Any, {"doc": _rules_doc(systems.FIDE)}]
Rating = Annotated[Any, {"doc": "The player's rating"}]
OpponentRatings = Annotated[Any, {"doc": "The opponents' ratings: a row, column or block; blanks skipped",
                                  "ndim": 2}]
Results = Annotated[Any, {"doc": "The results, one per opponent: 1, 0.5, 0 or W, D, L", "ndim": 2}]
EndDate = Annotated[Any, {"doc": "The event's end date (a date or serial); blank: today"}]
BonusMultiplier = Annotated[Any, {"doc": "Bonus multiplier B; blank: the rules' B (2020: 14, 2009/2011: 6)"}]
DualRated = Annotated[Any, {"doc": "TRUE in a dual-rated (G/30 to G/60+5) event; blank: FALSE"}]


def _score(opponent_ratings: Any, score: Any) -> tuple[list[float], float]:
    """The opponents and S: ``score`` is a number, or a range of results paired with the opponents."""
    if isinstance(score, (list, tuple)) and len(args.cells(score)) > 1:
        ratings, results = args.games("opponent_ratings", opponent_ratings, "score", score)
        return _nonempty("opponent_ratings", args.rated(ratings)), sum(results)
    opponents = _nonempty("opponent_ratings", args.ratings("opponent_ratings", opponent_ratings))
    try:
        points = _required("score", score)
    except ArgumentError:
        typed = show(args.scalar("score", score))
        try:
            points = args.result("score", score)
        except ArgumentError:
            raise ArgumentError(f"Argument 'score': {typed} is neither a score nor a result (1, 0.5, 0, W, D "
                                "or L)") from None
        if len(opponents) != 1:  # one game's result is no score of several games
            raise ArgumentError(f"Argument 'score' is the result {typed}, of one game, but "
                                f"'opponent_ratings' has {len(opponents)} ratings: give the score as a "
                                "number, or the results one per opponent") from None
        return opponents, points
    return opponents, args.checked(partial(_check.score, games=len(opponents)), "score", points,
                                   args.scalar("score", score))


def _nonempty(name: str, values: list[float]) -> list[float]:
    """``values``, or #N/A when the range holds none (no games yet)."""
    if not values:
        raise NotAvailable(f"Argument '{name}' has no values")
    return values


def _required(name: str, value: Any, check: Callable[[str, float], float] | None = None) -> float:
    """A required number, held to ``check`` (see :func:`xlrating.excel.args.number`)."""
    found = args.number(name, value, check=check)
    assert found is not None
    return found


def _effective_games(value: Any, rules: uscf.UscfRules) -> float:
    """A required ``effective_games`` N': from 0 to the most N' = min(N, N*) can be under ``rules``
    (:func:`xlrating.uscf.formulas.effective_arg`: 50, US Chess 2020, 3). A larger N' is no
    player's, most often a game count N typed for N', which would give a wrong K without a word."""
    return _required("effective_games", value,
                     partial(effective_arg, rules=rules, see=" (see EFFECTIVE_GAMES)"))


def _multiplier(value: Any) -> float | None:
    """A ``bonus_multiplier``: a number >= 0; ``None`` for a blank (the rules' B)."""
    return args.number("bonus_multiplier", value, required=False, check=_check.non_negative)


def _fide_rating(value: Any, *, required: bool) -> float | None:
    """A ``fide_rating`` to convert to US Chess: a rating from 0 to 4000, and none under the lowest a
    FIDE list has published (1000, :data:`~xlrating.fide.rating.LOWEST_PUBLISHED`), which would
    convert to a rating no US Chess list holds (under the 2024 conversion, below 0)."""
    found = args.rating("fide_rating", value, required=required)
    if found is not None and found < LOWEST_PUBLISHED:
        raise ArgumentError(f"Argument 'fide_rating' is {show(args.scalar('fide_rating', value))}, under "
                            f"{LOWEST_PUBLISHED}, the lowest rating a FIDE list has published: give the "
                            "player's FIDE rating, or leave it blank if he has none")
    return found


def _rating(name: str, value: Any, *, low: float = 0.0) -> float:
    """A required rating from ``low`` to 4000."""
    found = args.rating(name, value, low=low)
    assert found is not None
    return found


# --- US Chess ----------------------------------------------------------------------------------


@xw.func
@excel_function
def EFFECTIVE_GAMES(
    rating: Annotated[Any, {"doc": "Pre-event rating R0 (1500, or 1500P12 with its games)"}],
    games: Annotated[Any, {"doc": "Games N behind the rating; blank: established (N' = N*)"}],
    rules: UscfRules = None,
) -> float:
    """US Chess effective games N' = min(N, N*) (US Chess 2020, 3; US Chess 2009, 2.1)."""
    value, marked = args.rating_with_games("rating", rating)
    assert value is not None
    count = args.whole("games", games, required=False)
    if marked is not None and count is not None and marked != count:
        typed = show(args.scalar("rating", rating))
        raise ArgumentError(f"Argument 'games' is {count}, but 'rating' {typed} says {marked} games")
    return uscf.effective_games(value, marked if count is None else count, rules=args.uscf_rules(rules))


@xw.func
@excel_function
def USCF_NSTAR(rating: Rating, rules: UscfRules = None) -> float:
    """US Chess N*, the effective-games ceiling for a rating (US Chess 2020, 3, formula (1))."""
    return uscf.nstar(_rating("rating", rating), rules=args.uscf_rules(rules))


@xw.func
@excel_function
def USCF_K(
    effective_games: Annotated[Any, {"doc": "Effective games N', 0 to 50 (see EFFECTIVE_GAMES)"}],
    games: Annotated[Any, {"doc": "Games m in the event"}],
    regular_rating: Annotated[Any, {"doc": "Regular rating, for the dual-rated K above 2200"}] = None,
    dual_rated: DualRated = None,
    rules: UscfRules = None,
) -> float:
    """US Chess K = 800/(N' + m), or the dual-rated K above 2200 (US Chess 2020, 4.2)."""
    edition = args.uscf_rules(rules)
    return uscf.k_factor(
        _effective_games(effective_games, edition), args.whole("games", games) or 0,
        regular_rating=args.rating("regular_rating", regular_rating, required=False),
        dual_rated=bool(args.boolean("dual_rated", dual_rated)), rules=edition)


@xw.func
@excel_function
def USCF_WE(rating: Rating, opponent_ratings: OpponentRatings, rules: UscfRules = None) -> float:
    """US Chess standard winning expectancy We(R, Ri) = 1/(1 + 10^-((R - Ri)/400)); over a range of
    opponents, their sum E (US Chess 2020, 4.2)."""
    edition = args.uscf_rules(rules)
    own = _rating("rating", rating)
    opponents = _nonempty("opponent_ratings", args.ratings("opponent_ratings", opponent_ratings))
    return in_order(uscf.winning_expectancy(own, r, rules=edition) for r in opponents)


@xw.func
@excel_function
def USCF_PWE(rating: Rating, opponent_ratings: OpponentRatings, rules: UscfRules = None) -> float:
    """US Chess provisional winning expectancy PWe(R, Ri) = 0.5 + (R - Ri)/800 within 400 points;
    over a range of opponents, their sum (US Chess 2020, 4.1)."""
    edition = args.uscf_rules(rules)
    own = _rating("rating", rating)
    opponents = _nonempty("opponent_ratings", args.ratings("opponent_ratings", opponent_ratings))
    return in_order(uscf.provisional_winning_expectancy(own, r, rules=edition) for r in opponents)


@xw.func
@excel_function
def USCF_SPECIAL(
    prior_rating: Annotated[Any, {"doc": "Pre-event (or initial) rating R0"}],
    effective_games: Annotated[Any, {"doc": "Effective games N', 0 to 50 (see EFFECTIVE_GAMES)"}],
    opponent_ratings: OpponentRatings,
    score: Annotated[Any, {"doc": "Score S, or the results (1/0.5/0, W/D/L) one per opponent", "ndim": 2}],
    history: Annotated[Any, {"doc": "all wins or all losses if every prior game was one; else blank"}] = None,
    rules: UscfRules = None,
) -> float:
    """US Chess special rating formula: the R solving f(R) = 0, capped at 2700 (US Chess 2020, 4.1)."""
    edition = args.uscf_rules(rules)
    opponents, points = _score(opponent_ratings, score)
    return uscf.special_rating(_rating("prior_rating", prior_rating),
                               _effective_games(effective_games, edition), opponents, points,
                               history=args.text("history", history), rules=edition)


@xw.func
@excel_function
def USCF_STANDARD(
    prior_rating: Annotated[Any, {"doc": "Pre-event rating R0"}],
    effective_games: Annotated[Any, {"doc": "Effective games N', 0 to 50 (see EFFECTIVE_GAMES)"}],
    opponent_ratings: OpponentRatings,
    score: Annotated[Any, {"doc": "Score S, or the results (1/0.5/0, W/D/L) one per opponent", "ndim": 2}],
    bonus: Annotated[Any, {"doc": "FALSE to leave out the bonus; blank: TRUE (needs m >= 3)"}] = None,
    bonus_multiplier: BonusMultiplier = None,
    dual_rated: DualRated = None,
    rules: UscfRules = None,
) -> float:
    """US Chess standard formula R0 + K(S - E) plus the bonus max(0, K(S - E) - B sqrt(m'))
    when m >= 3 (US Chess 2020, 4.2)."""
    edition = args.uscf_rules(rules)
    opponents, points = _score(opponent_ratings, score)
    wanted = args.boolean("bonus", bonus)
    return uscf.standard_rating(
        _rating("prior_rating", prior_rating), _effective_games(effective_games, edition), opponents, points,
        bonus=True if wanted is None else wanted,
        bonus_multiplier=_multiplier(bonus_multiplier),
        dual_rated=bool(args.boolean("dual_rated", dual_rated)), rules=edition)


@xw.func
@excel_function
def USCF_BONUS(
    k: Annotated[Any, {"doc": "K factor"}],
    score: Annotated[Any, {"doc": "Score S"}],
    expected_score: Annotated[Any, {"doc": "Expected score E (sum of We)"}],
    games: Annotated[Any, {"doc": "Games m in the event"}],
    bonus_multiplier: BonusMultiplier = None,
    rules: UscfRules = None,
) -> float:
    """US Chess bonus max(0, K(S - E) - B sqrt(m')), m' = max(m, 4); whether it applies at all
    (m >= 3, no opponent met more than twice) is not checked (US Chess 2020, 4.2)."""
    m = args.whole("games", games) or 0
    factor = _required("k", k, _check.positive)
    _games_cover(m, {"score": score, "expected_score": expected_score})
    return uscf.bonus_amount(
        factor, _required("score", score, partial(_check.score, games=m)),
        _required("expected_score", expected_score, partial(_check.expected_score, games=m)), m,
        bonus_multiplier=_multiplier(bonus_multiplier),
        rules=args.uscf_rules(rules))


def _games_cover(m: int, scores: dict[str, Any]) -> None:
    """Refuse ``games`` m, naming it, where it is the odd one out beside the ``scores`` (by argument
    name, as given), each at most m: when every one is above m, or m is 0 and one is (no games, no
    points). One score alone above m is that score's own error, named by it."""
    found = {name: _required(name, value) for name, value in scores.items()}
    above = [name for name, points in found.items() if points > m]
    if not above or (m and len(above) < len(scores)):
        return
    said = " and ".join(f"'{name}' is {show(args.scalar(name, scores[name]))}" for name in above)
    need = math.ceil(max(found[name] for name in above))
    raise ArgumentError(f"Argument 'games' is {m}, but {said}, out of at least {need} games: give the "
                        "games m played in the event")


@xw.func
@excel_function
def USCF_BONUS_MULTIPLIER(end_date: Annotated[Any, {"doc": "The event's end date"}]) -> float:
    """US Chess bonus multiplier B in force for an event ending on this date (6, 8, 10, 12 or 14)."""
    found = args.day("end_date", end_date, required=True)
    assert found is not None
    return uscf.bonus_multiplier(found)


@xw.func
@excel_function
def USCF_RATING(
    prior_rating: Annotated[Any, {"doc": "Pre-event (or initial) rating R0"}],
    games: Annotated[Any, {"doc": "Games N behind the rating; blank: established"}],
    opponent_ratings: OpponentRatings,
    results: Results,
    history: Annotated[Any, {"doc": "all wins or all losses if every prior game was one; else blank"}] = None,
    bonus_multiplier: BonusMultiplier = None,
    dual_rated: DualRated = None,
    floor: Annotated[Any, {"doc": "An explicit floor (OLM, prize; see USCF_FLOOR); blank: none"}] = None,
    rules: UscfRules = None,
) -> float:
    """US Chess new rating, opponents at the ratings given (as US Chess's estimator): special formula
    for N <= 8 or an all wins/losses history, else standard; floors: 100, an established rating's peak
    floor, the floor given."""
    edition = args.uscf_rules(rules)
    prior = _rating("prior_rating", prior_rating)
    count = args.whole("games", games, required=False)
    ratings, scores = args.games("opponent_ratings", opponent_ratings, "results", results)
    opponents, points = _nonempty("opponent_ratings", args.rated(ratings)), sum(scores)
    given_floor = args.rating("floor", floor, required=False)
    story = args.text("history", history)
    multiplier = _multiplier(bonus_multiplier)
    dual = bool(args.boolean("dual_rated", dual_rated))
    effective = uscf.effective_games(prior, count, rules=edition)
    if (count is not None and count <= edition.special_games) or uscf_history(story) is not None:
        value = uscf.special_rating(prior, effective, opponents, points, history=story, rules=edition)
    else:
        value = uscf.standard_rating(prior, effective, opponents, points, bonus_multiplier=multiplier,
                                     dual_rated=dual, rules=edition)
    established = count is None or count > edition.established_games
    lowest = uscf.rating_floor(peak=prior if established else None, explicit=given_floor, rules=edition)
    return store(edition, max(value, lowest), prior)


@xw.func
@excel_function
def USCF_FROM_FIDE(
    fide_rating: Annotated[Any, {"doc": "FIDE rating"}],
    rules: UscfRules = None,
    end_date: Annotated[Any, {"doc": "The event's end date; blank: the document's conversion"}] = None,
) -> float:
    """FIDE to US Chess: 180 + 0.94 FIDE up to 2000, 20 + 1.02 FIDE above (US Chess 2020, 2.7);
    events ending from 1 March 2024: -1073 + 1.5667 FIDE up to 2000; 2009: 720 + 0.625 FIDE,
    -350 + 1.16 FIDE."""
    found = _fide_rating(fide_rating, required=True)
    assert found is not None
    return uscf.fide_to_uscf(found, rules=args.uscf_rules(rules), end_date=args.day("end_date", end_date))


@xw.func
@excel_function
def USCF_FROM_CFC(cfc_rating: Annotated[Any, {"doc": "CFC rating"}], rules: UscfRules = None) -> float:
    """A CFC rating converted to US Chess: CFC - 90 up to 1500, 1.1 CFC - 240 above (US Chess 2020,
    2.7)."""
    return uscf.cfc_to_uscf(_rating("cfc_rating", cfc_rating), rules=args.uscf_rules(rules))


@xw.func
@excel_function
def USCF_AGE_RATING(
    birth_date: Annotated[Any, {"doc": "Birth date; blank with adult TRUE: an adult"}],
    end_date: EndDate = None,
    adult: Annotated[Any, {"doc": "TRUE for an adult without a birth date"}] = None,
    rules: UscfRules = None,
) -> float:
    """US Chess age-based initial rating: 50 x age from 3 to 26, 1300 above (US Chess 2020, 2.7)."""
    end = args.day("end_date", end_date)
    found = uscf.age_based_rating(birth_date=args.day_by("birth_date", birth_date, end),
                                  end_date=end or date.today(),
                                  adult=bool(args.boolean("adult", adult)), rules=args.uscf_rules(rules))
    if found is None:
        raise NotAvailable("no age-based rating without a birth date or adult TRUE")
    return found


def _other_ratings(value: Any, rated: str) -> dict[str, tuple[float, int | None]]:
    """``other_ratings``' rows (system, rating, games), a bad one named by its row: a system given
    twice, a cell beyond the third column, or a rating in the system ``rated`` (the player would not
    be unrated there; the engine would ignore it) is refused."""
    others: dict[str, tuple[float, int | None]] = {}
    rows: dict[str, int] = {rated: 0}
    for index, row in enumerate(args.block("other_ratings", value), start=1):
        if all(v is None for v in row):
            continue
        try:
            system, rating, games = _other_rating(row)
        except (ArgumentError, NotAvailable) as error:
            said = str(error).replace("Argument 'other_ratings'", f"Argument 'other_ratings' row {index}", 1)
            raise type(error)(said) from None
        if system == rated:
            raise ArgumentError(f"Argument 'other_ratings' row {index} gives a {system} rating, but the "
                                f"initial rating asked for is the {system} one: a player rated there is not "
                                "unrated")
        if system in rows:
            raise ArgumentError(f"Argument 'other_ratings' rows {rows[system]} and {index} both give the "
                                f"{system} rating")
        rows[system] = index
        others[system] = (rating, games)
    return others


def _other_rating(row: list[Any]) -> tuple[str, float, int | None]:
    """One row of ``other_ratings``: its system, rating and games (blank: ``None``), an error naming the
    argument (:func:`_other_ratings` names the row)."""
    name = "other_ratings"
    system = args.rating_system(name, row[0])
    rating = args.number(name, row[1] if len(row) > 1 else None, required=False)
    if system is None or rating is None:
        typed = ", ".join("(blank)" if v is None else show(v) for v in row)
        raise ArgumentError(f"Argument '{name}' must be a rating system, its rating and optionally its "
                            f"games, not {typed}")
    if any(v is not None for v in row[3:]):
        raise ArgumentError(f"Argument '{name}' has {len(row)} cells: give a rating system, its rating and "
                            "optionally its games (3 columns)")
    return (system, args.checked(_check.rating, name, rating, row[1]),
            args.whole(name, row[2] if len(row) > 2 else None, required=False))


def _initial(rating_system: Any, fide_rating: Any, cfc_rating: Any, birth_date: Any, end_date: Any,
             adult: Any, other_ratings: Any, rules: Any) -> uscf.InitialRating:
    end = args.day("end_date", end_date)
    system = args.rating_system("rating_system", rating_system) or "Regular"
    return uscf.initial_rating(
        system, fide=_fide_rating(fide_rating, required=False),
        cfc=args.rating("cfc_rating", cfc_rating, required=False),
        other_ratings=_other_ratings(other_ratings, system),
        birth_date=args.day_by("birth_date", birth_date, end), end_date=end,
        adult=bool(args.boolean("adult", adult)), rules=args.uscf_rules(rules))


_INITIAL_DOCS = {
    "rating_system": ", ".join(r.name for r in systems.USCF.rating_systems[:-1])
    + f" or {systems.USCF.rating_systems[-1].name}; blank: Regular",
    "other_ratings": "Rows of: rating system, rating, games (blank: established); one row a system",
}


@xw.func
@excel_function
def USCF_INITIAL(
    rating_system: Annotated[Any, {"doc": _INITIAL_DOCS["rating_system"]}] = None,
    fide_rating: Annotated[Any, {"doc": "FIDE rating, if any"}] = None,
    cfc_rating: Annotated[Any, {"doc": "CFC rating, if any"}] = None,
    birth_date: Annotated[Any, {"doc": "Birth date, if known"}] = None,
    end_date: EndDate = None,
    adult: Annotated[Any, {"doc": "TRUE for an adult without a birth date"}] = None,
    other_ratings: Annotated[Any, {"doc": _INITIAL_DOCS["other_ratings"], "ndim": 2}] = None,
    rules: UscfRules = None,
) -> float:
    """US Chess initial rating of an unrated player, by the system's order of priority (US Chess 2020,
    2)."""
    return _initial(rating_system, fide_rating, cfc_rating, birth_date, end_date, adult, other_ratings,
                    rules).rating


@xw.func
@excel_function
def USCF_INITIAL_GAMES(
    rating_system: Annotated[Any, {"doc": _INITIAL_DOCS["rating_system"]}] = None,
    fide_rating: Annotated[Any, {"doc": "FIDE rating, if any"}] = None,
    cfc_rating: Annotated[Any, {"doc": "CFC rating, if any"}] = None,
    birth_date: Annotated[Any, {"doc": "Birth date, if known"}] = None,
    end_date: EndDate = None,
    adult: Annotated[Any, {"doc": "TRUE for an adult without a birth date"}] = None,
    other_ratings: Annotated[Any, {"doc": _INITIAL_DOCS["other_ratings"], "ndim": 2}] = None,
    rules: UscfRules = None,
) -> int:
    """US Chess games N an unrated player's initial rating is based on (US Chess 2020, 2)."""
    return _initial(rating_system, fide_rating, cfc_rating, birth_date, end_date, adult, other_ratings,
                    rules).games


@xw.func
@excel_function
def USCF_FLOOR(
    peak: Annotated[Any, {"doc": "Highest established rating; blank: none"}] = None,
    wins: Annotated[Any, {"doc": "Lifetime rated wins"}] = None,
    draws: Annotated[Any, {"doc": "Lifetime rated draws"}] = None,
    events: Annotated[Any, {"doc": "Events with at least 3 rated games"}] = None,
    explicit: Annotated[Any, {"doc": "An OLM (2200) or cash-prize floor"}] = None,
    rules: UscfRules = None,
) -> float:
    """US Chess rating floor: the highest of min(100 + 4 NW + 2 ND + NR, 150), the peak floor and an
    explicit floor (US Chess 2020, 5)."""
    return uscf.rating_floor(
        peak=args.rating("peak", peak, required=False), wins=args.whole("wins", wins, required=False) or 0,
        draws=args.whole("draws", draws, required=False) or 0,
        events=args.whole("events", events, required=False) or 0,
        explicit=args.rating("explicit", explicit, required=False), rules=args.uscf_rules(rules))


@xw.func
@excel_function
def USCF_PEAK_FLOOR(peak: Annotated[Any, {"doc": "Highest established rating"}],
                    rules: UscfRules = None) -> float:
    """US Chess floor from the peak: peak - 200, then the level (1200 ... 2100) at or below;
    #N/A below the lowest level (US Chess 2020, 5)."""
    found = uscf.peak_floor(_rating("peak", peak), rules=args.uscf_rules(rules))
    if found is None:
        raise NotAvailable("no peak floor: the peak minus 200 is below the lowest floor")
    return found


@xw.func
@excel_function
def USCF_PRIZE_FLOOR(
    section_limit: Annotated[Any, {"doc": "The under-X limit of the section or prize (1800)"}],
    prize: Annotated[Any, {"doc": "Cash prize won"}],
    rules: UscfRules = None,
) -> float:
    """US Chess floor set by a cash prize (2020: $4,000 or more in an under-2000 context); #N/A
    when the prize sets none (US Chess 2020, 5)."""
    limit, amount = _rating("section_limit", section_limit), _required("prize", prize, _check.non_negative)
    found = uscf.prize_floor(limit, amount, rules=args.uscf_rules(rules))
    if found is None:
        raise NotAvailable("the prize sets no floor")
    return found


# --- FIDE --------------------------------------------------------------------------------------


@xw.func
@excel_function
def FIDE_PD(
    rating_difference: Annotated[Any, {"doc": "Own rating minus the opponent's (negative if lower)"}],
    rules: FideRules = None,
) -> float:
    """FIDE scoring probability PD from table 10.1(b) for the player higher by this difference (the
    lower's if negative); over the cap (handbook 350, 2024 400) counts as the cap (10.51)."""
    edition = args.fide_rules(rules)
    difference = _required("rating_difference", rating_difference)
    return pd_hundredths(exact(difference), Fraction(0), edition.cap) / 100


@xw.func
@excel_function
def FIDE_EXPECTED(
    rating: Rating,
    opponent_ratings: OpponentRatings,
    rules: FideRules = None,
    end_date: EndDate = None,
) -> float:
    """FIDE expected score: PD against one opponent, or the sum over a range, with the edition's cap
    (FIDE Handbook B.02, 10.51; 2024 regulations: none for 2650+ from October 2025, by the end date)."""
    edition = args.fide_rules(rules)
    own = _rating("rating", rating)
    when = args.day("end_date", end_date)
    opponents = _nonempty("opponent_ratings", args.ratings("opponent_ratings", opponent_ratings))
    return in_order(fide.expected_score(own, r, rules=edition, on=when) for r in opponents)


@xw.func
@excel_function
def FIDE_DP(p: Annotated[Any, {"doc": "Percentage score p, from 0 to 1"}]) -> int:
    """FIDE rating difference dp for a percentage score p, table 10.1(a); #N/A at 0% and 100%."""
    return fide.rating_difference(_required("p", p, _check.fraction))


@xw.func
@excel_function
def FIDE_K(
    rating: Rating,
    games: Annotated[Any, {"doc": "Rated games so far; blank: 30 or more"}] = None,
    highest_rating: Annotated[Any, {"doc": "Highest published rating; blank: the rating"}] = None,
    birth_date: Annotated[Any, {"doc": "Birth date (2024: K 40 under 18)"}] = None,
    end_date: EndDate = None,
    period_games: Annotated[Any, {"doc": "Games in the rating period (2024: the 700 rule)"}] = None,
    rules: FideRules = None,
) -> float:
    """FIDE development coefficient K (FIDE Handbook B.02, 10.52: 25/15/10; 2024 regulations: 40/20/10,
    under-18 and 700 rules)."""
    on = args.day("end_date", end_date)
    return fide.k_factor(
        _rating("rating", rating, low=LOWEST_PUBLISHED), games=args.whole("games", games, required=False),
        highest_rating=args.rating("highest_rating", highest_rating, required=False, low=LOWEST_PUBLISHED),
        birth_date=args.day_by("birth_date", birth_date, on), on=on,
        period_games=args.whole("period_games", period_games, required=False), rules=args.fide_rules(rules))


@xw.func
@excel_function
def FIDE_CHANGE(
    rating: Rating,
    opponent_ratings: OpponentRatings,
    results: Results,
    k: Annotated[Any, {"doc": "K factor; blank: from the rules (see FIDE_K)"}] = None,
    rules: FideRules = None,
    games: Annotated[Any, {"doc": "Rated games so far (for K); blank: 30 or more"}] = None,
    highest_rating: Annotated[Any, {"doc": "Highest published rating (for K)"}] = None,
    birth_date: Annotated[Any, {"doc": "Birth date (for the 2024 junior K)"}] = None,
    end_date: EndDate = None,
) -> float:
    """FIDE rating change K x sum(score - PD) of a rated player (FIDE Handbook B.02, 10.5; 2024
    regulations: rounded, halves away from zero)."""
    ratings, scores = args.games("opponent_ratings", opponent_ratings, "results", results,
                                 low=LOWEST_PUBLISHED)
    on = args.day("end_date", end_date)
    return fide.rating_change(
        _rating("rating", rating, low=LOWEST_PUBLISHED), args.rated(ratings), scores,
        k=args.number("k", k, required=False, check=_check.positive), rules=args.fide_rules(rules),
        games=args.whole("games", games, required=False),
        highest_rating=args.rating("highest_rating", highest_rating, required=False, low=LOWEST_PUBLISHED),
        birth_date=args.day_by("birth_date", birth_date, on), on=on)


@xw.func
@excel_function
def FIDE_RU(
    opponent_ratings: Annotated[Any, {"doc": "The opponents' ratings; blank beside a result: unrated",
                                      "ndim": 2}],
    results: Results,
    rules: FideRules = None,
    event_type: Annotated[Any, {"doc": "Swiss, Round robin or Match; blank: Swiss"}] = None,
    competition: Annotated[Any, {"doc": "Round robin (handbook): the tournament average Ra (FIDE_RA); "
                                        "else blank"}] = None,
    first_event: Annotated[Any, {"doc": "FALSE if not the player's first rated event; blank: TRUE"}] = None,
) -> int:
    """FIDE rating Ru of an unrated player from one event (FIDE Handbook B.02, 10.2; 2024 regulations:
    two hypothetical 1800 draws, at most 2200); #N/A when the rules give none."""
    ratings, scores = args.games("opponent_ratings", opponent_ratings, "results", results, unrated=True,
                                 low=LOWEST_PUBLISHED)
    first = args.boolean("first_event", first_event)
    edition = args.fide_rules(rules)
    kind = EventType.parse(args.text("event_type", event_type) or "Swiss")
    ra = args.rating("competition", competition, required=False)
    round_robin = kind is EventType.ROUND_ROBIN and edition.round_robin_procedure
    if round_robin and ra is None:
        raise ArgumentError("Argument 'competition' (Ra, the tournament average of 10.21b) is needed for a "
                            "round robin under the handbook: give it (FIDE_RA)")
    if ra is not None and not round_robin:  # (the engine would leave it unread)
        rated_as = "" if kind is not EventType.ROUND_ROBIN else ", which rates it as a Swiss"
        raise ArgumentError(f"Argument 'competition' is read only for a round robin under the handbook "
                            f"(10.21b); this is a {kind.value} under {edition.display}{rated_as}: leave it "
                            "blank")
    found = fide.unrated_rating(ratings, scores, rules=edition, event_type=kind, competition=ra,
                                first_event=True if first is None else first)
    if found.rating is None:
        raise NotAvailable("no rating: " + "; ".join(found.notes))
    return found.rating


@xw.func
@excel_function
def FIDE_RA(
    ratings: Annotated[Any, {"doc": "The rated players' ratings", "ndim": 2}],
    scores: Annotated[Any, {"doc": "Their scores against all their opponents, in the same order", "ndim": 2}],
    opponents: Annotated[Any, {"doc": "Number of opponents n each player met"}],
) -> float:
    """FIDE tournament average Ra = Rar - dpa x n/(n+1) of a round robin, Rc for its unrated
    players (FIDE Handbook B.02, 10.21b; rounded as 10.54 rounds it)."""
    n = _check.whole("opponents", args.whole("opponents", opponents) or 0, low=1)
    pairs = args.pairs("ratings", ratings, "scores", scores, read_first=args.rating_cells(LOWEST_PUBLISHED),
                       read_second=args.checked_cells(partial(_check.score, games=n)))
    if not pairs:
        raise NotAvailable("Argument 'ratings' has no values")
    return fide.tournament_average([r for r, _ in pairs], [s for _, s in pairs], n)


@xw.func
@excel_function
def FIDE_RN(
    ru_ratings: Annotated[Any, {"doc": "The player's Ru results, first event first", "ndim": 2}],
    games: Annotated[Any, {"doc": "The games behind each Ru, in the same order", "ndim": 2}],
    rules: FideRules = None,
) -> int:
    """FIDE published rating Rn of a new player: the weighted average of the Ru results (FIDE Handbook
    B.02, 10.3; the 2024 regulations compute it from all games at once: use FIDE_RU over all games)."""
    edition = args.fide_rules(rules)
    if edition.plus_score_step is None:
        raise ArgumentError(f"FIDE_RN averages Ru results as the handbook's 10.3 does (rules 'handbook'); "
                            f"under {edition.display} a first rating comes from all games at once: "
                            "use FIDE_RU over all the games")
    pairs = args.pairs("ru_ratings", ru_ratings, "games", games, read_first=args.rating_cells(),
                       read_second=args.checked_cells(partial(_check.whole, low=1)))
    if not pairs:
        raise NotAvailable("Argument 'ru_ratings' has no values")
    events = [(ru, int(count)) for ru, count in pairs]
    found = fide.published_rating(events, rules=edition)
    if found.rating is None:
        raise NotAvailable("no rating: " + "; ".join(found.notes))
    return found.rating


# --- ICU ---------------------------------------------------------------------------------------


@xw.func
@excel_function
def ICU_EXPECTED(rating: Rating, opponent_ratings: OpponentRatings) -> float:
    """ICU expected score 1/(1 + 10^((Ropp - R)/400)), no cap; over a range, the sum E (ICU rating
    formulae)."""
    own = _rating("rating", rating)
    opponents = _nonempty("opponent_ratings", args.ratings("opponent_ratings", opponent_ratings))
    return in_order(icu.expected_score(own, r) for r in opponents)


@xw.func
@excel_function
def ICU_K(
    rating: Rating,
    birth_date: Annotated[Any, {"doc": "Birth date (under 21: K 40)"}] = None,
    joined: Annotated[Any, {"doc": "Date the player joined the ICU (under 8 years: K 32)"}] = None,
    start_date: Annotated[Any, {"doc": "The event's start date; blank: today"}] = None,
) -> float:
    """ICU K factor at the event's start: 16 from 2100; else 40 under 21; else 32 for a member of
    under 8 years; else 24 (ICU rating program)."""
    start = args.day("start_date", start_date)
    return icu.k_factor(_rating("rating", rating), birth_date=args.day_by("birth_date", birth_date, start),
                        joined=args.day_by("joined", joined, start), start_date=start or date.today())


@xw.func
@excel_function
def ICU_CHANGE(
    rating: Rating,
    opponent_ratings: OpponentRatings,
    results: Results,
    k: Annotated[Any, {"doc": "K factor (see ICU_K)"}],
) -> float:
    """ICU rating change K x sum(s - e) of a rated player, unrounded (ICU rating formulae)."""
    ratings, scores = args.games("opponent_ratings", opponent_ratings, "results", results)
    return icu.rating_change(_rating("rating", rating), args.rated(ratings), scores,
                             k=_required("k", k, _check.positive))


@xw.func
@excel_function
def ICU_PERF(
    opponent_ratings: OpponentRatings,
    results: Results,
    prior_rating: Annotated[Any, {"doc": "Provisional rating before; blank: performance only"}] = None,
    prior_games: Annotated[Any, {"doc": "Games behind the provisional rating"}] = None,
) -> float:
    """ICU performance rating (mean of Ropp + 400 win, Ropp draw, Ropp - 400 loss); with a prior
    rating and games, the provisional new rating (Ro Go + Re Ge)/(Go + Ge) (ICU rating formulae)."""
    ratings, scores = args.games("opponent_ratings", opponent_ratings, "results", results)
    opponents = _nonempty("opponent_ratings", args.rated(ratings))
    prior = args.rating("prior_rating", prior_rating, required=False)
    count = args.whole("prior_games", prior_games, required=False)
    if prior is None and not count:
        return icu.performance(opponents, scores)
    if count is None:
        raise ArgumentError(f"Argument 'prior_games' is blank, but 'prior_rating' is {show(prior)}: give the "
                            "games behind that provisional rating")
    if prior is None:
        raise ArgumentError(f"Argument 'prior_rating' is blank, but 'prior_games' is {count}: give the "
                            "provisional rating behind those games, or leave both blank")
    return icu.provisional_rating(prior, count, opponents, scores)


@xw.func
@excel_function
def ICU_BONUS(
    rating: Rating,
    change: Annotated[Any, {"doc": "The rating change (ICU_CHANGE)"}],
    games: Annotated[Any, {"doc": "Games in the event"}],
    k: Annotated[Any, {"doc": "K factor"}],
    performance: Annotated[Any, {"doc": "Performance rating in the event (ICU_PERF)"}],
) -> int:
    """ICU bonus points of a rated player, 0 for none: threshold 32 + 3(n - 4), x1.25 from K 40,
    capped at 2100 and the performance (ICU rating program)."""
    return icu.bonus(_rating("rating", rating), _required("change", change),
                     args.whole("games", games) or 0, _required("k", k, _check.positive),
                     _required("performance", performance))


# --- Any system --------------------------------------------------------------------------------


@xw.func
@excel_function
def SCORE(results: Results) -> float:
    """Total points of a range of results: 1, 0.5, 0 or W, D, L; blanks skipped."""
    return sum(args.results("results", results))


@xw.func
@excel_function
def RATE_CROSSTABLE(
    crosstable: Annotated[Any, {"doc": "The crosstable: its header row (No, Name, R1, ...) and player rows",
                                "ndim": 2}],
    system: Annotated[Any, {"doc": "USCF, FIDE or ICU; blank: from settings or rules, else USCF"}] = None,
    rules: Annotated[Any, {"doc": "Rules: USCF 2020, FIDE 2024, handbook, ICU ...; blank: newest"}] = None,
    settings: Annotated[Any, {"doc": "Event settings: rows of name and value, as on the Event sheet",
                              "ndim": 2}] = None,
    column: Annotated[Any, {"doc": "Output column (Post rating, Change, K, Effective games ...); "
                                   "blank: Post rating"}] = None,
) -> list[list[Any]]:
    """Rates the crosstable as the macro does and returns one output column (Post rating unless
    told), one row per row below the header, to spill beside the players."""
    return event.rate_column(crosstable, system=system, rules=rules, settings=settings, column=column)


def _errors_as_text() -> None:
    """Have xlwings pass an error cell (``#N/A``, ``#DIV/0!``) in any argument of every function as its
    text, as :mod:`xlrating.excel.args` expects, instead of as a blank (xlwings' default, which would
    read a range with an error as if the cell were empty).

    This is the option ``@xw.arg(name, err_to_str=True)`` stores, set on every argument at once
    (``xw.arg`` applied after ``xw.func`` would reset the function's own options).
    """
    for name in __all__:
        for argument in getattr(globals()[name], "__xlfunc__", {}).get("args", ()):
            argument["options"]["err_to_str"] = True


_errors_as_text()
