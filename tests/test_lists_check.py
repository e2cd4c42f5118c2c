"""The checks of a list and a season before anything is rated (:mod:`xlrating.lists.check`):
every problem of every event, with its place, in one pass.

The messages are today's, pinned so that reshaping the checks changes none of them.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from xlrating.errors import ArgumentError, InputError, Problem
from xlrating.lists import Entry, Event, RatingList, rate_season
from xlrating.lists.check import (
    _each_game_problems,
    _games_problems,
    _plain_games,
    check_list,
    entry_problems,
)

D = dt.date


def problems(ratings: RatingList, events: list[Any]) -> list[str]:
    with pytest.raises(InputError) as error:
        rate_season(ratings, events)
    return [str(problem) for problem in error.value.problems]


def test_every_problem_of_an_event_s_dates_type_players_and_games() -> None:
    ratings = RatingList("ICU", {1: Entry(1, 1500), 2: Entry(2, 1500)}, date=D(2024, 1, 1))
    events: list[Any] = [
        Event("undated", "2024-02-01", [(1, 1, 2, 1)], start_date="2024-01-31",  # type: ignore[arg-type]
              event_type="knockout"),
        Event("listed", D(2024, 3, 1), [(1, 1, 3, 1)], players={3: [1500]}),  # type: ignore[dict-item]
        Event("ungamed", D(2024, 3, 2), "1-0", players={4: {"name": "Di"}}),  # type: ignore[arg-type]
        Event("unstarted", D(2024, 3, 3), [(1, 1, 4, 0.5)], start_date=dt.datetime(2024, 3, 3)),
    ]
    # Player 3's data is refused, but he is given: his game is checked against him.
    assert problems(ratings, events) == [
        "event listed: new player 3: data must be a mapping of Entry fields, not [1500]",
        "event ungamed: games must be a sequence of (round, id_a, id_b, score), not '1-0'",
        "event unstarted: start date must be a date, not datetime.datetime(2024, 3, 3, 0, 0)",
        "event undated: end date must be a date, not '2024-02-01'",
        "event undated: start date must be a date, not '2024-01-31'",
        "event undated: Argument 'event_type' must be one of 'Swiss', 'Round robin', 'Match', not 'knockout'",
    ]


@pytest.mark.parametrize("system", ["USCF", "FIDE", "ICU"])
def test_dual_rated_must_be_true_or_false_and_a_name_text(system: str) -> None:
    # "no" (from a JSON or CSV field) would have been true: the event rated twice.
    ratings = RatingList(system, {1: Entry(1, 1500.0, 30, k=24), 2: Entry(2, 1600.0, 30, k=24)})
    events: list[Any] = [Event(f"E{i}", D(2025, 1, 5), [(1, 1, 2, 1.0)], dual_rated=value)
                         for i, value in enumerate(["no", 1, None])]
    events.append(Event("E3", D(2025, 1, 6), [(1, 1, 2, 1.0)], name=5))  # type: ignore[arg-type]
    assert problems(ratings, events) == [
        "event E0: dual_rated must be True or False, not 'no'",
        "event E1: dual_rated must be True or False, not 1",
        "event E2: dual_rated must be True or False, not None",
        "event E3: name must be text, not 5",
    ]


def test_adult_must_be_true_or_false() -> None:
    # "no" would have been true: an unrated adult's initial rating (US Chess 2020, 2.7), 1300.
    ratings = RatingList("USCF", {1: Entry(1, adult="no"), 2: Entry(2, 1600.0, 30, adult=1)})  # type: ignore[arg-type]
    assert problems(ratings, [Event("E1", D(2025, 1, 5), [(1, 1, 2, 1.0)])]) == [
        "list entry 1: adult must be True or False, not 'no'",
        "list entry 2: adult must be True or False, not 1",
    ]


def test_a_list_dated_with_a_time_is_a_problem() -> None:
    ratings = RatingList("ICU", {1: Entry(1, 1500), 2: Entry(2, 1500)}, date=dt.datetime(2024, 1, 1))  # type: ignore[arg-type]
    assert problems(ratings, [Event("e", "2024-03-01", [(1, 1, 2, 1)])]) == [  # type: ignore[arg-type]
        "list: date must be a date, not datetime.datetime(2024, 1, 1, 0, 0)",
        "event e: end date must be a date, not '2024-03-01'"]


def test_a_list_entry_s_dates_must_be_dates() -> None:
    ratings = RatingList("ICU", {1: Entry(1, 1500, birth_date="2000-01-01"),  # type: ignore[arg-type]
                                 2: Entry(2, 1500, joined=dt.datetime(2020, 1, 1))})
    assert problems(ratings, [Event("e", D(2024, 3, 1), [(1, 1, 2, 1)])]) == [
        "list entry 1: birth_date must be a date, not '2000-01-01'",
        "list entry 2: joined must be a date, not datetime.datetime(2020, 1, 1, 0, 0)"]


def test_an_event_ending_at_a_time_is_a_problem_among_dated_events() -> None:
    # A datetime is no date here (as a list's dates are not): sorting it among the dates of the
    # other events, or setting it beside its start date, raised a bare TypeError.
    ratings = RatingList("ICU", {1: Entry(1, 1500), 2: Entry(2, 1500)}, date=D(2024, 1, 1))
    events = [Event("timed", dt.datetime(2024, 3, 2), [(1, 1, 2, 0)], start_date=D(2024, 3, 1)),
              Event("dated", D(2024, 3, 1), [(1, 1, 2, 1)])]
    assert problems(ratings, events) == [
        "event timed: end date must be a date, not datetime.datetime(2024, 3, 2, 0, 0)"]


def test_a_list_dated_with_a_time_is_a_problem_beside_dated_events() -> None:
    ratings = RatingList("ICU", {1: Entry(1, 1500), 2: Entry(2, 1500)}, date=dt.datetime(2024, 1, 1))  # type: ignore[arg-type]
    assert problems(ratings, [Event("e", D(2024, 3, 1), [(1, 1, 2, 1)])]) == [
        "list: date must be a date, not datetime.datetime(2024, 1, 1, 0, 0)"]


# An event's games are vouched for as a whole when they are plain (:func:`_plain_games`), and
# walked game by game otherwise: both must find the same, whatever the games. Each game below
# replaces the third of PLAIN; the flag says whether the whole is still plain. Every check of
# the quick path has a game here that only it refuses, so dropping one fails this test.
KNOWN: set[Any] = {1, 2, 3, 4, "x"}
PLAIN: list[Any] = [(1, 1, 2, 1.0), (1, 3, "x", 0.5), (2, 1, 3, 0), (2, 2, "x", 1)]
GAMES: list[tuple[Any, bool]] = [
    ((2, 1, 4, 0), True),
    ((3, 1, 2, 0.0), True),  # the same players in another round
    ([2, 1, 3, 0], False),  # a list: valid, walked
    (dict.fromkeys((2, 1, 3, 0)), False),  # keys that read as a game
    ((2, 1, 3, 0, "extra"), False),
    ((2, 1, 3), False),
    ("2130", False),
    ((True, 1, 3, 0), False),
    ((0, 1, 3, 0), False),
    ((2.0, 1, 3, 0), False),  # valid, walked
    ((2, 1, 3, True), False),
    ((2, 1, 3, 2), False),
    ((2, 1, 3, float("nan")), False),
    ((2, 1, 3, "W"), False),  # valid, walked
    ((2, 1.0, 3, 0), False),
    ((2, 1, True, 0), False),
    ((2, 1, 3.0, 0), False),
    ((2, 5, 3, 0), False),  # not known
    ((2, 3, 5, 0), False),
    ((2, 3, 3, 0), False),  # himself
    ((1, 1, 2, 0.0), False),  # given twice
    ((1, 2, 1, 0.0), False),  # given twice, the other way round
    ((1, "x", 3, 1), False),
    ((2, None, 3, 0), False),
    ((2, [1], 3, 0), False),
]
WALKED_VALID: list[Any] = [[2, 1, 3, 0], (2.0, 1, 3, 0), (2, 1, 3, "W")]


@pytest.mark.parametrize(("game", "plain"), GAMES)
def test_an_event_s_games_vouched_for_at_once_as_walked_one_by_one(game: Any, plain: bool) -> None:
    found = []
    for games in ([*PLAIN[:2], game, *PLAIN[3:]], (game, *PLAIN), [*PLAIN, game]):
        event = Event("e", D(2024, 3, 1), games)
        walked = _each_game_problems(event, set(KNOWN))
        players: dict[str, set[Any]] = {}
        assert (_plain_games(games, set(KNOWN)) is not None) is plain
        assert _games_problems(event, set(KNOWN), players) == walked
        # (the players of plain games are taken on: the waves read them)
        assert players == ({"e": {g[1] for g in games} | {g[2] for g in games}} if plain else {})
        found.append(walked)
    # In the place of the third game, only a plain one and the three valid ones walked are valid.
    valid = plain or repr(game) in map(repr, WALKED_VALID)
    assert (found[0] == []) is valid


def test_random_events_vouched_for_at_once_as_walked_one_by_one() -> None:
    rng = random.Random(23)
    pieces = [game for game, _ in GAMES]
    for _ in range(2000):
        games = [rng.choice(pieces) if rng.random() < 0.1 else
                 (rng.randint(1, 3), *rng.sample([1, 2, 3, 4, "x"], 2), rng.choice([0, 0.5, 1, 1.0]))
                 for _ in range(rng.randint(0, 6))]
        event = Event("e", D(2024, 3, 1), games)
        assert _games_problems(event, set(KNOWN), {}) == _each_game_problems(event, set(KNOWN))


def test_the_plain_games_are_plain() -> None:
    assert _plain_games(PLAIN, KNOWN) == {1, 2, 3, "x"}
    assert _plain_games(tuple(PLAIN), KNOWN) == {1, 2, 3, "x"}
    assert _plain_games([], KNOWN) is None


def test_a_list_s_plain_entries_pass_at_once_and_the_others_are_checked_in_full() -> None:
    # check_list passes a plain entry under its own ID at once; every other one gets the full
    # checks of entry_problems, and its ID is compared with its key.
    entries: dict[Any, Any] = {
        1: Entry(1, 1500), 2: Entry(3, 1500), 4: Entry(4, -0.0), 5: Entry(5, 50), 6: Entry(6, 1500, 2.0),
        7: Entry(7, 1500, history="all wins"), 8: Entry(9, None, -1), "x": Entry("x", 4001.0),
        10: "1500", 11: Entry(11, True), 12: Entry(12, 1500, k=2), 13: Entry(13, float("nan")),
    }
    for system in ("USCF", "FIDE", "ICU"):
        expected = []
        for key, entry in entries.items():
            where = f"list entry {key}"
            if isinstance(entry, Entry) and entry.id != key:
                expected.append(Problem(where, f"the entry's id is {entry.id!r}"))
            expected.extend(Problem(where, message) for message in entry_problems(entry, system))
        found = check_list(RatingList(system, entries))
        assert found == expected
        assert [p.where for p in found if "id is" in p.message] == ["list entry 2", "list entry 8"]


def test_counts_and_rounds_beyond_any_real_one_are_problems_not_overflows() -> None:
    # The quick path took any int: 10**400 games reached the US Chess engine as an OverflowError
    # and passed unchecked on a FIDE or ICU list; a round of 10**400 was rated.
    huge = 10**400
    for system in ("USCF", "FIDE", "ICU"):
        ratings = RatingList(system, {1: Entry(1, 1500.0, huge, k=24), 2: Entry(2, 1600.0, 30, k=24)})
        found = problems(ratings, [Event("E1", D(2025, 1, 5), [(huge, 1, 2, 1.0)])])
        assert [text[:60] for text in found] == [
            "list entry 1: games must be a whole number >= 0, not 1000000",
            "event E1: game 1: round must be a whole number >= 1, not 100",
        ]


def test_ratings_beyond_any_float_are_problems_not_overflows() -> None:
    # A rating of 10**400 (an int no float holds) raised OverflowError from the checks.
    huge = 10**400
    for system, low in (("USCF", 100), ("FIDE", 1), ("ICU", 1)):
        ratings = RatingList(system, {1: Entry(1, huge), 2: Entry(2, 1600.0, 30, peak=-huge)})
        found = problems(ratings, [])
        assert len(found) == 2
        assert found[0].startswith(f"list entry 1: rating must be a rating between {low} and 4000, not 1000")
        assert found[1].startswith(f"list entry 2: peak must be a rating between {low} and 4000, not -1000")


@pytest.mark.parametrize("value", [[], False, ""])
def test_pending_must_be_a_tuple_even_when_empty(value: Any) -> None:
    # An empty list, False or "" passed as "no pending results"; a non-empty list was refused.
    ratings = RatingList("FIDE", {1: Entry(1, 1500.0, 30, pending=value), 2: Entry(2, 1600.0, 30)})
    assert problems(ratings, []) == [f"list entry 1: pending must be a tuple of PendingEvent, not {value!r}"]


@pytest.mark.parametrize("value", [False, [], 0])
def test_the_list_s_rules_must_be_text(value: Any) -> None:
    # Falsy rules were read as blank: rated under the system's default edition, unsaid.
    ratings = RatingList("USCF", {1: Entry(1, 1500.0, 30), 2: Entry(2, 1600.0, 30)}, rules=value)
    assert problems(ratings, []) == [
        f"list: rules must be text (a rule edition; blank or None: the system's default), not {value!r}"]


def test_the_list_s_rules_none_is_the_default_edition_as_for_the_engines() -> None:
    entries = {1: Entry(1, 1500.0, 30), 2: Entry(2, 1600.0, 30)}
    games = [Event("E1", D(2025, 1, 5), [(1, 1, 2, 1.0)])]
    assert (rate_season(RatingList("USCF", entries, rules=None), games).history
            == rate_season(RatingList("USCF", entries, rules="2020"), games).history)


@pytest.mark.parametrize("system", ["FIDE", "ICU"])
def test_what_a_system_with_one_rating_system_does_not_read_is_a_problem(system: str) -> None:
    # Ignored before: a FIDE or ICU event "dual-rated", in Blitz or with a bonus multiplier was
    # rated once, as standard play, without a bonus; a crosstable of the system refuses them.
    ratings = RatingList(system, {1: Entry(1, 1500.0, 30, k=24), 2: Entry(2, 1600.0, 30, k=24)})
    events = [Event("E1", D(2025, 1, 5), [(1, 1, 2, 1.0)], rating_system="Blitz", dual_rated=True,
                    bonus_multiplier=14.0),
              Event("E2", D(2025, 1, 6), [(1, 1, 2, 1.0)], rating_system="regular")]
    assert problems(ratings, events) == [
        f"event E1: rating_system: {system} events have one rating system; leave it None, not 'Blitz'",
        f"event E1: dual_rated: {system} events are not dual-rated",
        f"event E1: bonus_multiplier: {system} events have no bonus; leave it None, not 14.0",
    ]
    blitz = RatingList(system, ratings.entries, rating_system="Blitz")
    assert problems(blitz, []) == [
        f"list: rating_system: a {system} list has one rating system; leave it at 'Regular', not 'Blitz'"]


@pytest.mark.parametrize("value", [[], {"a": 1}])
def test_an_event_id_that_cannot_be_a_key_is_a_problem(value: Any) -> None:
    # Was a raw TypeError (unhashable type) after the problem had been noted.
    ratings = RatingList("ICU", {1: Entry(1, 1500.0, 30, k=24), 2: Entry(2, 1600.0, 30, k=24)})
    found = problems(ratings, [Event(value, D(2025, 1, 5), [(1, 1, 2, 1.0)])])
    assert found[0] == f"events[0]: id must be non-empty text, not {value!r}"


@pytest.mark.parametrize("value", ["no", "", 2, [1]])
def test_rate_season_s_explain_must_be_true_or_false(value: Any) -> None:
    # bool("no") kept every event's explained outcomes.
    ratings = RatingList("ICU", {1: Entry(1, 1500.0, 30, k=24), 2: Entry(2, 1600.0, 30, k=24)})
    with pytest.raises(ArgumentError, match="Argument 'explain' must be True or False"):
        rate_season(ratings, [], explain=value)


def test_period_months_true_is_not_one_month_and_twelve_point_nought_is_twelve() -> None:
    # True == 1 passed as a one-month period; 12.0 (Excel's number) raised a raw TypeError later.
    ratings = RatingList("FIDE", {1: Entry(1, 2000.0, 30), 2: Entry(2, 1900.0, 30)})
    events = [Event("E1", D(2025, 1, 5), [(1, 1, 2, 1.0)]), Event("E2", D(2025, 2, 5), [(1, 1, 2, 1.0)])]
    with pytest.raises(ArgumentError, match="Argument 'period_months' must be 1, 2, 3, 4, 6 or 12"):
        rate_season(ratings, events, period_months=True)
    twelve = rate_season(ratings, events, period_months=12.0)
    assert twelve.list == rate_season(ratings, events, period_months=12).list


@pytest.mark.parametrize("value", [False, [], 0])
def test_load_event_refuses_players_of_the_wrong_kind_even_empty(value: Any) -> None:
    # Falsy players were read as "no new player"; a blank field (None, "") still is.
    from xlrating.lists import load_event

    data = {"id": "E1", "end_date": "2025-01-05", "games": [[1, 1, 2, 1]], "players": value}
    with pytest.raises(InputError) as error:
        load_event(data)
    assert [str(p) for p in error.value.problems] == [
        f"event E1: players must be a mapping of each new player's ID to his fields, not {value!r}"]
    assert load_event({**data, "players": None}).players == load_event({**data, "players": ""}).players == {}


def test_a_game_s_id_given_as_a_number_where_the_list_has_text_says_so() -> None:
    # A list read from CSV has text IDs, games from JSON numbers: "player 12 is neither on the
    # list..." while '12' is on it, and nothing said why.
    from xlrating.lists import load_event, load_list

    ratings = load_list("ICU", [{"id": "12", "rating": 1500, "games": 30, "k": 24},
                                {"id": 13, "rating": 1600, "games": 30, "k": 24}])
    event = load_event({"id": "E1", "end_date": "2025-01-05", "games": [[1, 12, "13", 1], [2, 12, 14, 0]]})
    tail = "is neither on the list nor given as a new player of this event or an earlier one"
    assert problems(ratings, [event]) == [
        f"event E1: game 1: player 12 {tail} (but '12' is: give each ID as the list does, text or a number)",
        f"event E1: game 1: player '13' {tail} (but 13 is: give each ID as the list does, text or a number)",
        f"event E1: game 2: player 12 {tail} (but '12' is: give each ID as the list does, text or a number)",
        f"event E1: game 2: player 14 {tail}",
    ]


def test_load_list_refuses_one_id_given_as_a_number_and_as_text() -> None:
    # 12 and "12" were two players: a game's 12 was one of them, the other kept his rating.
    from xlrating.lists import load_list

    with pytest.raises(InputError) as error:
        load_list("ICU", [{"id": 12, "rating": 1500}, {"id": "12", "rating": 1600}, {"id": 13}])
    assert [str(p) for p in error.value.problems] == ["row 2: id '12' given twice, as 12 too"]


def test_a_season_s_players_of_an_event_without_outcomes_says_why() -> None:
    # A bare KeyError 'E1' for an event rated without explain=True, as for one never rated.
    ratings = RatingList("ICU", {1: Entry(1, 1500.0, 30, k=24), 2: Entry(2, 1600.0, 30, k=24)})
    events = [Event("E1", D(2025, 1, 5), [(1, 1, 2, 1.0)])]
    with pytest.raises(ArgumentError, match="no outcomes of 'E1' were kept: the season was rated without "
                                            "explain=True"):
        rate_season(ratings, events).players("E1")
    explained = rate_season(ratings, events, explain=True)
    assert list(explained.players("E1")[0]) == [1, 2]
    with pytest.raises(ArgumentError, match="no outcomes of 'E2' were kept: it is none of the season's 1 "):
        explained.players("E2")


def test_load_list_refuses_one_id_given_with_and_without_spaces() -> None:
    # "12" and " 12" (a padded CSV cell) were two players: a game's "12" was one of them.
    from xlrating.lists import load_list

    with pytest.raises(InputError) as error:
        load_list("ICU", [{"id": "12", "rating": 1500}, {"id": " 12", "rating": 1600}, {"id": 12}])
    assert [str(p) for p in error.value.problems] == ["row 2: id ' 12' given twice, as '12' too",
                                                     "row 3: id 12 given twice, as '12' too"]


def test_a_fide_rating_under_the_lowest_ever_published_is_a_problem_of_its_entry() -> None:
    # As a season's Players sheet refuses it at its cell. It was refused only when the player
    # played, at the event, by the engine's seat number: "...has published: 3 (400)" for player 7.
    ratings = RatingList("FIDE", {"a": Entry("a", 1500, 100), 7: Entry(7, 400, 100),
                                  "z": Entry("z", 1500, 100), "idle": Entry("idle", 999, None),
                                  "low": Entry("low", 1000, 10)})
    event = Event("e", D(2024, 5, 1), [(1, "a", "z", 1), (2, 7, "a", 1), (3, "n", "a", 1)],
                  players={"n": {"rating": 900}})
    advice = "the lowest rating a FIDE list has published; leave the rating None for a new player (unrated)"
    assert problems(ratings, [event]) == [
        f"list entry 7: Rating 400 is under 1000, {advice}",
        f"list entry idle: Rating 999 is under 1000, {advice}",
        f"event e: new player 'n': Rating 900 is under 1000, {advice}",
    ]


def test_a_us_chess_player_s_fide_rating_under_1000_is_a_problem_not_converted() -> None:
    # US Chess 2020, 2.7 converts an unrated player's FIDE rating: FIDE 600, which no FIDE list
    # has published, gave an initial rating of -133 by the 2024 conversion without a word.
    ratings = RatingList("USCF", {1: Entry(1, None, fide=600), 2: Entry(2, 1500.0, 40),
                                  3: Entry(3, None, fide=1000)})
    event = Event("e", D(2024, 5, 5), [(1, 1, 2, 1), (2, 3, 2, 0), (3, "n", 1, 0)],
                  players={"n": {"fide": 999.5}})
    advice = "the lowest rating a FIDE list has published; leave it None if the player has none"
    assert problems(ratings, [event]) == [f"list entry 1: fide: 600 is under 1000, {advice}",
                                          f"event e: new player 'n': fide: 999.5 is under 1000, {advice}"]


@pytest.mark.parametrize("system", ["USCF", "ICU"])
def test_games_beside_no_rating_are_a_problem_where_the_system_rates_none(system: str) -> None:
    # As on a crosstable ("Games 30 is given, but Rating is blank"). US Chess dropped the games
    # without a word (rated as unrated, his new entry 1 game); the ICU's engine refused them at the
    # event, in its own words.
    born = {"birth_date": D(1990, 1, 1), "joined": D(2000, 1, 1)}
    ratings = RatingList(system, {1: Entry(1, None, 30, **born), 2: Entry(2, 1500.0, 40, **born),
                                  3: Entry(3, None, 0, **born)})
    event = Event("e", D(2024, 5, 5), [(1, 1, 2, 1), (2, 3, 2, 0), (3, "n", 1, 0)],
                  players={"n": {"games": 5, **born}})
    advice = "is given, but rating is None (unrated): give the rating, or leave games None"
    assert problems(ratings, [event]) == [f"list entry 1: games 30 {advice}",
                                          f"event e: new player 'n': games 5 {advice}"]


def test_games_beside_no_rating_are_no_problem_for_fide() -> None:
    # FIDE's unrated players carry games toward a first rating: rated, his result kept pending.
    ratings = RatingList("FIDE", {1: Entry(1, None, 30), 2: Entry(2, 1500.0, 40)})
    assert rate_season(ratings, [Event("e", D(2024, 5, 5), [(1, 1, 2, 1)])]).list.entries[1].pending


def test_a_field_the_system_does_not_read_is_said_where_entries_give_it() -> None:
    # As a crosstable says a column it does not read: US Chess takes K from its rules, the ICU
    # reads no peak. Counts of 0 and adult False are the defaults, not given.
    born = {"birth_date": D(1990, 1, 1), "joined": D(2000, 1, 1)}
    entries = {1: Entry(1, 1600.0, 30, k=24.0), 2: Entry(2, 1500.0, 30, peak=1700.0, **born)}
    event = Event("e", D(2024, 5, 5), [(1, 1, 2, 1), (2, "n", 1, 0)], players={"n": {"rating": 1400.0,
                                                                                     "games": 9, "k": 32.0}})
    uscf = rate_season(RatingList("USCF", entries, date=D(2024, 5, 1)), [event]).warnings
    assert [w for w in uscf if "is not read" in w or "not read in" in w] == [
        "list entries of 1 player (ID 2): joined is not read in US Chess seasons: ignored",
        "list entries of 1 player (ID 1): k is not read in US Chess seasons: ignored",
        "event e: new 1 player (ID 'n') with k: not read in US Chess seasons: ignored"]
    listed = {1: Entry(1, 1600, 30, k=24.0, **born), 2: Entry(2, 1500, 30, **born)}
    icu = rate_season(RatingList("ICU", listed, date=D(2024, 5, 1)),
                      [Event("e", D(2024, 5, 5), [(1, 1, 2, 1)])]).warnings
    assert not [w for w in icu if "not read" in w]
