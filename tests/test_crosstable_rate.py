"""Rating a crosstable end to end and rendering the output columns (docs/guide/crosstable.md).

The numbers come from the engines called directly on the same players and games: the
crosstable core must hand the engines exactly what the rows say and write back exactly
what the engines answer (no number here is computed by the crosstable code itself,
except the Official difference, worked by hand in its test).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterable
from dataclasses import replace
from datetime import date, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_two_player_events import two_players_said

from xlrating import fide, icu, uscf
from xlrating.crosstable import (
    Block,
    EventSettings,
    RatedWorkbook,
    parse_crosstable,
    rate_crosstable,
    rate_grid,
    rate_sheets,
    render,
)
from xlrating.crosstable.columns import OUTPUTS, output_headers
from xlrating.crosstable.render import notes_text, official_difference, safe_text
from xlrating.errors import CrosstableError, EventError
from xlrating.model import EventType, Game

TODAY = date(2024, 6, 2)
END = date(2024, 5, 5)

# A five-player, four-round US Chess Swiss with established, provisional and unrated players.
USCF_HEADER = ["No", "Name", "ID", "Rating", "Games", "FIDE", "Born", "Floor",
               "R1", "R2", "R3", "R4", "Total"]
USCF_ROWS: list[list[Any]] = [
    [1, "Ann Example", "12345678", 1712, None, None, None, None, "W3", "D2", "W4", "H", 3.0],
    [2, "Ben Sample", "23456789", "1480P12", None, None, None, None, "W5", "D1", "L3", "W4", 2.5],
    [3, "Cal Player", None, "unr", None, 1850, None, None, "L1", "W4", "W2", "B", 3.0],
    [4, "Dee Junior", None, None, None, None, date(2012, 3, 1), None, "B", "L3", "L1", "L2", 1.0],
    [5, "Eve Floor", None, 1310, 60, None, None, 1300, "L2", "X", "U", "F", 1.0],
]
USCF_GAMES = [Game(1, 1, 3, 1), Game(2, 1, 2, 0.5), Game(3, 1, 4, 1), Game(1, 2, 5, 1), Game(3, 2, 3, 0),
              Game(4, 2, 4, 1), Game(2, 3, 4, 1)]


def sheets(header: list[Any], rows: list[list[Any]], event: Any) -> dict[str, Any]:
    return {"Event": event, "Crosstable": [header, *rows], "Notes": [["anything", 1, None]]}


def uscf_players(*, quick: bool = False) -> list[uscf.UscfPlayer]:
    return [
        uscf.UscfPlayer(1, rating=1712),
        uscf.UscfPlayer(2, rating=1480, games=12),
        uscf.UscfPlayer(3, fide=1850),
        uscf.UscfPlayer(4, birth_date=date(2012, 3, 1)),
        uscf.UscfPlayer(5, rating=1310, games=60, floor=1300),
    ]


def _post(outcome: Any) -> float:
    assert outcome.post_rating is not None
    return float(outcome.post_rating)


def column(workbook: RatedWorkbook, header: str) -> list[Any]:
    """The values written under ``header`` (from whichever block holds it), by player row."""
    for block in workbook.blocks:
        if block.values and header in block.values[0]:
            j = block.values[0].index(header)
            return [row[j] for row in block.values[1:]]
    raise AssertionError(f"no column {header!r}")


def test_uscf_event_matches_the_engine() -> None:
    event = [["System", "USCF"], ["End date", END.isoformat()]]
    workbook = rate_sheets(sheets(USCF_HEADER, USCF_ROWS, event), today=TODAY)
    direct = uscf.rate_event(uscf_players(), USCF_GAMES, rating_system="Regular", end_date=END, rules="2020")
    (rated,) = workbook.events
    (outcome,) = rated.outcomes
    assert outcome.players == direct.players
    assert set(rated.crosstable.games) == set(USCF_GAMES)
    assert outcome.notes[0].startswith("Rated under USCF 2020, Regular rating system; bonus multiplier B = ")
    assert rated.summary[0] == "Crosstable: 5 players, 7 rated games"
    assert rated.summary[1] == outcome.notes[0]
    assert column(workbook, "Post rating") == [p.post_rating for p in direct.players]
    assert column(workbook, "Score") == [3.0, 2.5, 3.0, 1.0, 1.0]
    assert column(workbook, "Rated games") == [3, 4, 3, 3, 1]
    assert column(workbook, "Method") == [p.method.value for p in direct.players]
    assert column(workbook, "Effective games") == [p.effective_games for p in direct.players]
    assert column(workbook, "Floor in force") == [p.floor for p in direct.players]


def floor_in_force(headers: Iterable[str]) -> tuple[str, ...]:
    """Output headers as written beside USCF_HEADER's input Floor column."""
    return tuple("Floor in force" if h == "Floor" else h for h in headers)


def test_uscf_settings_reach_the_engine() -> None:
    event = [["Rules", "USCF 2011"], ["Bonus multiplier", 6], ["Event type", "Round robin"],
             ["Rating system", "Quick"], ["End date", END]]
    workbook = rate_sheets(sheets(USCF_HEADER, USCF_ROWS, event), today=TODAY)
    direct = uscf.rate_event(uscf_players(), USCF_GAMES, rating_system="Quick", end_date=END, rules="2011",
                             bonus_multiplier=6, event_type=EventType.ROUND_ROBIN)
    assert workbook.events[0].outcomes[0].players == direct.players
    assert "B = 6" in workbook.events[0].outcomes[0].notes[0]


def test_new_output_columns_follow_the_last_used_column() -> None:
    event = [["End date", END]]
    rows = [[*r, None, "note"] if i == 2 else list(r) for i, r in enumerate(USCF_ROWS)]
    workbook = rate_sheets(sheets(USCF_HEADER, rows, event), today=TODAY)
    (block,) = workbook.blocks
    assert (block.sheet, block.row, block.column) == ("Crosstable", 1, 16)  # after the note in column O
    # USCF_HEADER has an input Floor column, so the floor in force is "Floor in force".
    assert block.values[0] == floor_in_force(OUTPUTS)
    assert len(block.values) == 6
    assert block.number_formats is not None
    formats = dict(zip(OUTPUTS, block.number_formats, strict=True))
    assert formats["Floor"] == "0"
    assert formats["Post rating"] == "0"
    assert formats["Initial rating"] == "0"
    assert formats["Effective games"] == "0.0"
    assert formats["K"] == "0.00"
    assert formats["Change"] == "+0;-0;0"
    (added,) = workbook.added
    assert (added.header_row, added.last_player_row, added.first_column, added.last_column) == (1, 6, 16, 30)


def test_existing_output_columns_are_filled_in_place() -> None:
    header = [*USCF_HEADER[:8], "Post rating", *USCF_HEADER[8:], "Notes", "Change"]
    rows = [[*r[:8], "old", *r[8:], "old", None] for r in USCF_ROWS]
    rows.insert(2, [None] * len(header))   # a blank row inside the table
    workbook = rate_sheets(sheets(header, rows, [["End date", END]]), today=TODAY)
    direct = uscf.rate_event(uscf_players(), USCF_GAMES, end_date=END)
    by_column = {b.column: b for b in workbook.blocks}
    post = by_column[9]
    assert (post.row, post.number_formats) == (2, ("0",))
    posts = [p.post_rating for p in direct.players]
    assert [v for (v,) in post.values] == [posts[0], posts[1], None, *posts[2:]]
    assert by_column[15].number_formats == (None,)   # Notes
    assert by_column[16].number_formats == ("+0;-0;0",)
    new = by_column[17]
    assert new.values[0] == floor_in_force(h for h in OUTPUTS if h not in ("Post rating", "Notes", "Change"))
    assert workbook.added[0].first_column == 17


def test_rerating_a_rated_sheet_gives_the_same_writes() -> None:
    first = rate_sheets(sheets(USCF_HEADER, USCF_ROWS, [["End date", END]]), today=TODAY)
    (block,) = first.blocks
    rated_sheet = [list(USCF_HEADER) + list(block.values[0])]
    rated_sheet += [list(r) + list(v) for r, v in zip(USCF_ROWS, block.values[1:], strict=True)]
    second = rate_sheets({"Event": [["End date", END]], "Crosstable": rated_sheet}, today=TODAY)
    assert second.events[0].outcomes == first.events[0].outcomes
    assert second.added == ()
    written = {b.column: [row[0] for row in b.values] for b in second.blocks}
    for j, header in enumerate(OUTPUTS):
        assert written[block.column + j] == [row[j] for row in block.values[1:]], header


def test_dual_rated_event_rates_regular_then_quick() -> None:
    header = [*USCF_HEADER, "Quick", "Quick games", "Official post rating", "Official post Quick rating"]
    quick = {1: (1650, None), 2: (None, None), 3: (None, None), 4: (None, None), 5: ("1350P10", None)}
    official = {1: (1740, 1660), 2: (None, None), 3: (1800, None), 4: (None, None), 5: (1290, 1333)}
    rows = [[*r, *quick[r[0]], *official[r[0]]] for r in USCF_ROWS]
    event = [["Dual rated", "yes"], ["End date", END]]
    workbook = rate_sheets(sheets(header, rows, event), today=TODAY)
    regular, quick_outcome = workbook.events[0].outcomes
    direct_regular = uscf.rate_event(uscf_players(), USCF_GAMES, dual_rated=True, end_date=END)
    quick_players = [
        uscf.UscfPlayer(1, rating=1650, other_ratings={"Regular": (1712, None)}),
        uscf.UscfPlayer(2, other_ratings={"Regular": (1480, 12)}),
        uscf.UscfPlayer(3, fide=1850),
        uscf.UscfPlayer(4, birth_date=date(2012, 3, 1)),
        uscf.UscfPlayer(5, rating=1350, games=10, other_ratings={"Regular": (1310, 60)}),
    ]
    direct_quick = uscf.rate_event(quick_players, USCF_GAMES, rating_system="Quick", dual_rated=True,
                                   end_date=END)
    assert regular.rating_system == "Regular" and quick_outcome.rating_system == "Quick"
    assert regular.players == direct_regular.players
    # Players 2, 3 and 4 have a blank Quick: rated as unrated in Quick, each is told so first.
    blank = ("Quick blank: rated as unrated in Quick; if the player has a Quick rating, type it in the Quick "
             "column (or fill it from the official list: xlrating fill)")
    assert quick_outcome.players == tuple(
        replace(p, notes=(blank, *p.notes)) if p.player in (2, 3, 4) else p for p in direct_quick.players)
    (block,) = workbook.blocks
    assert block.values[0] == floor_in_force(output_headers(dual="Quick", official=True, official_dual=True))
    assert "Quick post rating" in block.values[0] and "Quick change" in block.values[0]
    assert column(workbook, "Quick post rating") == [p.post_rating for p in direct_quick.players]
    assert column(workbook, "Quick method") == [p.method.value for p in direct_quick.players]
    # Official difference: our post rating rounded to the nearest whole number, minus the official one.
    assert column(workbook, "Official difference") == [
        None if o is None else math.floor(_post(p) + 0.5) - o
        for p, o in zip(direct_regular.players, (1740, None, 1800, None, 1290), strict=True)]
    quick_official = (1660, None, None, None, 1333)
    assert column(workbook, "Quick official difference") == [
        None if o is None else math.floor(_post(p) + 0.5) - o
        for p, o in zip(direct_quick.players, quick_official, strict=True)]


def test_official_difference_by_hand() -> None:
    # 1534.49 is shown as 1534 and 1534.5 as 1535 (2020 rules section 1: "rounded to the
    # nearest whole number"); 1534 - 1530 = 4, 1535 - 1540 = -5.
    assert official_difference(1534.49, 1530) == 4
    assert official_difference(1534.5, 1540) == -5
    assert official_difference(None, 1540) is None
    assert official_difference(1500.0, None) is None


def test_fide_event_matches_the_engine() -> None:
    header = ["Pair", "Name", "Rating", "Games", "Born", "K", "Peak", "Round 1", "Round 2", "Round 3"]
    rows = [
        [1, "A", 2100, None, None, None, None, "W2", "D3", "W4"],
        [2, "B", 1950, 10, "2010-01-01", None, None, "L1", "W4", "D3"],
        [3, "C", None, 4, None, None, None, "W4", "D1", "D2"],
        [4, "D", 2350, None, None, 10, 2410, "L3", "L2", "L1"],
    ]
    event = [["System", "FIDE"], ["Event type", "Round robin"], ["End date", END]]
    workbook = rate_sheets(sheets(header, rows, event), today=TODAY)
    players = [fide.FidePlayer(1, rating=2100), fide.FidePlayer(2, rating=1950, games=10,
                                                                 birth_date=date(2010, 1, 1)),
               fide.FidePlayer(3, games=4), fide.FidePlayer(4, rating=2350, highest_rating=2410, k=10)]
    games = [Game(1, 1, 2, 1), Game(2, 1, 3, 0.5), Game(3, 1, 4, 1), Game(2, 2, 4, 1), Game(3, 2, 3, 0.5),
             Game(1, 3, 4, 1)]
    direct = fide.rate_event(players, games, event_type="Round robin", end_date=END, rules="2024")
    assert workbook.events[0].outcomes[0].players == direct.players
    # columns FIDE does not use are written, empty
    assert column(workbook, "Effective games") == [None] * 4
    assert column(workbook, "Step 3") == [None] * 4
    assert column(workbook, "K used") == [p.k for p in direct.players]


def test_icu_event_matches_the_engine() -> None:
    header = ["No", "Name", "Rating", "Games", "K", "Birth date", "Joined", "R1", "R2", "R3"]
    rows = [
        [1, "Foreign", 2100, None, None, None, None, "W2", "D3", "W4"],
        [2, "Junior", 1950, None, None, "2010-01-01", None, "L1", "W4", "D3"],
        [3, "Newcomer", None, None, None, None, None, "W4", "D1", "D2"],
        [4, "Provisional", 1500, 12, None, None, None, "L3", "L2", "L1"],
        [5, "Member", 1700, 80, None, "1970-01-01", "2000-01-01", "B", "B", "B"],
        [6, "Given K", 1800, None, 24, None, None, "U", "U", "U"],
    ]
    event = [["System", "ICU"], ["Event name", "Test"], ["Start date", "2024-05-01"], ["End date", END]]
    workbook = rate_sheets(sheets(header, rows, event), today=TODAY)
    players = [
        icu.IcuPlayer(1, icu.PlayerKind.FOREIGN, rating=2100),
        icu.IcuPlayer(2, icu.PlayerKind.RATED, rating=1950, birth_date=date(2010, 1, 1)),
        icu.IcuPlayer(3, icu.PlayerKind.UNRATED),
        icu.IcuPlayer(4, icu.PlayerKind.PROVISIONAL, rating=1500, games=12),
        icu.IcuPlayer(5, icu.PlayerKind.RATED, rating=1700, games=80, birth_date=date(1970, 1, 1),
                      joined=date(2000, 1, 1)),
        icu.IcuPlayer(6, icu.PlayerKind.RATED, rating=1800, k=24),
    ]
    games = [Game(1, 1, 2, 1), Game(2, 1, 3, 0.5), Game(3, 1, 4, 1), Game(2, 2, 4, 1), Game(3, 2, 3, 0.5),
             Game(1, 3, 4, 1)]
    direct = icu.rate_event(players, games, start_date=date(2024, 5, 1), event_name="Test")
    assert workbook.events[0].outcomes[0].players == direct.players


def test_icu_k_is_computed_at_the_end_date_when_the_start_date_is_blank() -> None:
    header = ["No", "Name", "Rating", "Birth date", "Joined", "R1"]
    rows = [[1, "A", 1700, "2003-06-01", "2020-01-01", "W2"],
            [2, "B", 1600, "2003-06-02", "2020-01-01", "L1"]]
    workbook = rate_sheets(sheets(header, rows, [["System", "ICU"], ["End date", "2024-06-01"]]), today=TODAY)
    # By hand (ICU rating program, K factors): on 2024-06-01 A (born 2003-06-01) is 21 and a
    # member for 4 years: K 32; B (born a day later) is still 20: K 40.
    assert [p.k for p in workbook.events[0].outcomes[0].players] == [32.0, 40.0]


def test_every_crosstable_sheet_is_rated_as_its_own_event() -> None:
    section = [["No", "Name", "Rating", "R1"], [1, "X", 1500, "D2"], [2, "Y", 1500, "D1"]]
    book: dict[str, Any] = {
        "Event": [["End date", END]],
        "Crosstable": [USCF_HEADER, *USCF_ROWS],
        "Reserve": section,
        "How to use": [["Column", "Meaning"], ["Name", "text"], ["No", "pairing number"]],
    }
    workbook = rate_sheets(book, today=TODAY)
    assert [e.crosstable.sheet for e in workbook.events] == ["Crosstable", "Reserve"]
    assert {b.sheet for b in workbook.blocks} == {"Crosstable", "Reserve"}


def test_parse_rate_render_one_by_one_and_rate_grid() -> None:
    settings = EventSettings(end_date=END)
    crosstable = parse_crosstable([USCF_HEADER, *USCF_ROWS], settings)
    rated = rate_crosstable(crosstable)
    blocks, added = render(rated, [USCF_HEADER, *USCF_ROWS])
    assert isinstance(blocks[0], Block) and len(added) == 1
    assert rate_grid([USCF_HEADER, *USCF_ROWS], settings).outcomes == rated.outcomes


def test_events_the_engine_would_refuse_name_the_setting() -> None:
    with pytest.raises(CrosstableError) as caught:
        rate_sheets(sheets(USCF_HEADER, USCF_ROWS, [["Event type", "Match"], ["End date", END]]), today=TODAY)
    assert [str(p) for p in caught.value.problems] == [
        "Event!B1: this match cannot be rated under USCF 2020: a match has two players, not 5"]
    # a match between Ann (established) and Ben (12 provisional games): Ben is named, with his row
    blank = [None] * 4
    match_rows = [[1, "Ann Example", "12345678", 1712, *blank, "W2", "D2", "L2", "W2", 2.5],
                  [2, "Ben Sample", "23456789", "1480P12", *blank, "L1", "D1", "W1", "L1", 1.5]]
    match = [["Event type", "Match"], ["End date", END]]
    with pytest.raises(CrosstableError) as caught:
        rate_sheets(sheets(USCF_HEADER, match_rows, match), today=TODAY)
    assert [str(p) for p in caught.value.problems] == [
        "Event!B1: this match cannot be rated under USCF 2020: Ben Sample (No 2, row 3)'s rating is "
        "based on 12 games; USCF 2020 needs both players to have established ratings (more than 25 games)"]
    with pytest.raises(CrosstableError) as caught:
        rate_sheets(sheets(USCF_HEADER, USCF_ROWS, [["End date", "2005-01-01"]]), today=TODAY)
    (problem,) = [p for p in caught.value.problems if p.where == "Event!B1"]
    assert "set B explicitly (the Bonus multiplier setting)" in problem.message
    rows = [list(r) for r in USCF_ROWS]
    header = [*USCF_HEADER, "History"]
    rows = [[*r, "all wins" if r[0] == 3 else None] for r in rows]
    with pytest.raises(CrosstableError) as caught:
        rate_sheets(sheets(header, rows, [["End date", END]]), today=TODAY)
    assert [str(p) for p in caught.value.problems] == [
        "Crosstable!N4: History 'all wins' needs a rating: No. 3 (Cal Player) is unrated"]


def test_an_event_the_engine_still_refuses_is_a_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise EventError("no")

    monkeypatch.setattr(uscf, "rate_event", refuse)
    with pytest.raises(CrosstableError) as caught:
        rate_sheets(sheets(USCF_HEADER, USCF_ROWS, [["End date", END]]), today=TODAY)
    assert [str(p) for p in caught.value.problems] == ["Crosstable: the event cannot be rated: no"]


def test_notes_never_start_like_a_formula() -> None:
    assert safe_text("=HYPERLINK(1)") == "Note: =HYPERLINK(1)"
    assert safe_text("-5 floor") == "Note: -5 floor"
    assert safe_text("+1") == "Note: +1"
    assert safe_text("@x") == "Note: @x"
    assert safe_text("floor 1300 applied") == "floor 1300 applied"
    assert notes_text(("a", "", "b")) == "a; b"
    assert notes_text(()) is None


def test_names_like_formulas_are_never_written() -> None:
    rows = [list(r) for r in USCF_ROWS]
    rows[0][1] = "=HYPERLINK(\"http://x\")"
    rows[1][1] = "+1"
    workbook = rate_sheets(sheets(USCF_HEADER, rows, [["End date", END]]), today=TODAY)
    for block in workbook.blocks:
        for row in block.values:
            for value in row:
                assert not (isinstance(value, str) and value.startswith(("=", "+", "-", "@")))


# --- arbitrary grids: a RatedWorkbook or a CrosstableError, never anything else ------------------

_HEADERS = ["No", "Name", "Rating", "Games", "R1", "R2", "R3", "Total", "K", "Floor", "Born", "Joined",
            "Quick", "Quick games", "FIDE", "History", "Post rating", "Score", "Official post rating", "#",
            "Pair", "Adult", "Peak", "Wins", "Events", "x"]
_CODES = ["W1", "W2", "L1", "L2", "D1", "D2", "W3", "L3", "D3", "+2", "-1", "=3", "X", "F", "B", "H", "U",
          "Z", "X2", "F1", "W 2 b", "Q", "W0", "B5"]
_cell = st.one_of(
    st.none(), st.just(""), st.integers(-5, 3000), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(_CODES), st.text(max_size=6),
    st.sampled_from(["1500P12", "unr", "all wins", "yes", "2024-01-01"]),
    st.dates(min_value=date(1900, 1, 1), max_value=date(2100, 1, 1)),
    st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2100, 1, 1)), st.booleans(),
)
_row = st.lists(_cell, max_size=8)
_header = st.lists(st.sampled_from(_HEADERS), min_size=1, max_size=8, unique=True).map(
    lambda h: ["Name", *h] if "Name" not in h else h)
_settings_value = st.one_of(_cell, st.sampled_from(["USCF", "FIDE", "ICU", "ICU", "FIDE handbook",
                                                     "USCF 2009", "Quick", "yes", "Round robin", "Match",
                                                     "Blitz"]))
_event = st.lists(st.tuples(st.sampled_from(["System", "Rules", "Rating system", "Dual rated", "Event type",
                                             "Bonus multiplier", "Start date", "End date", "Other"]),
                            _settings_value).map(list), max_size=5)


@st.composite
def _workbooks(draw: st.DrawFn) -> dict[str, Any]:
    header = draw(_header)
    numbered = draw(st.booleans())
    rows = []
    for i in range(draw(st.integers(0, 5))):
        row = draw(st.lists(_cell, min_size=len(header), max_size=len(header) + 1))
        if numbered:
            for j, h in enumerate(header):
                if h in ("No", "#", "Pair"):
                    row[j] = i + 1
                elif h == "Name":
                    row[j] = f"P{i + 1}"
                elif h.startswith("R"):
                    row[j] = draw(st.sampled_from(_CODES))
        rows.append(row)
    grid = [*draw(st.lists(_row, max_size=2)), header, *rows]
    result: dict[str, Any] = {"Crosstable": grid}
    if draw(st.booleans()):
        result["Event"] = draw(_event)
    if draw(st.booleans()):
        result["Other"] = draw(st.lists(_row, max_size=3))
    return result


_OPTIONAL = {
    "Rating": st.one_of(st.none(), st.integers(100, 2700), st.sampled_from(["unr", "1500P12", "1800"])),
    "Games": st.one_of(st.none(), st.integers(1, 200)),
    "K": st.one_of(st.none(), st.sampled_from([10, 16, 20, 24, 32, 40])),
    "Birth date": st.one_of(st.none(), st.dates(min_value=date(1940, 1, 1), max_value=date(2018, 1, 1))),
    "Joined": st.one_of(st.none(), st.dates(min_value=date(1980, 1, 1), max_value=date(2024, 1, 1))),
    "Quick": st.one_of(st.none(), st.integers(100, 2700)),
    "FIDE": st.one_of(st.none(), st.integers(1000, 2700)),
    "Floor": st.one_of(st.none(), st.sampled_from([100, 1200, 2200])),
    "Peak": st.one_of(st.none(), st.integers(100, 2700)),
    "Wins": st.one_of(st.none(), st.integers(0, 50)),
    "Adult": st.one_of(st.none(), st.sampled_from(["yes", "no"])),
    "History": st.one_of(st.none(), st.sampled_from(["all wins", "all losses"])),
}
_VALID_EVENT = st.fixed_dictionaries({
    "System": st.sampled_from(["USCF", "FIDE", "ICU"]),
    "Event type": st.sampled_from(["Swiss", "Round robin", "Match"]),
    "End date": st.dates(min_value=date(2009, 1, 1), max_value=date(2030, 1, 1)),
    "Dual rated": st.sampled_from(["no", "no", "yes"]),
})


@st.composite
def _events(draw: st.DrawFn) -> dict[str, Any]:
    """A well-formed crosstable (consistent pairings), sometimes with a few cells spoiled."""
    players = draw(st.integers(2, 6))
    rounds = draw(st.integers(1, 3))
    columns = draw(st.lists(st.sampled_from(sorted(_OPTIONAL)), unique=True, max_size=5))
    cells: dict[int, list[str]] = {n: [] for n in range(1, players + 1)}
    for _ in range(rounds):
        order = draw(st.permutations(range(1, players + 1)))
        for a, b in zip(order[::2], order[1::2], strict=False):
            kind = draw(st.sampled_from(["WL", "LW", "DD", "XF", "++"]))
            if kind == "++":
                cells[a].append(f"+{b}")
                cells[b].append(f"-{a}")
            else:
                cells[a].append(f"{kind[0]}{b}")
                cells[b].append(f"{kind[1]}{a}")
        if players % 2:
            cells[order[-1]].append(draw(st.sampled_from(["B", "H", "U", ""])))
    header = ["No", "Name", *columns, *(f"R{r}" for r in range(1, rounds + 1))]
    rows = [[n, f"Player {n}", *(draw(_OPTIONAL[c]) for c in columns), *cells[n]] for n in cells]
    for _ in range(draw(st.integers(0, 2))):
        i, j = draw(st.integers(0, len(rows) - 1)), draw(st.integers(0, len(header) - 1))
        rows[i][j] = draw(_cell)
    event = [[k, v] for k, v in draw(_VALID_EVENT).items()]
    return {"Event": event, "Crosstable": [header, *rows]}


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_events())
def test_well_formed_events_rate_or_explain_why(workbook: dict[str, Any]) -> None:
    try:
        result = rate_sheets(workbook, today=TODAY)
    except CrosstableError as error:
        assert error.problems
    else:
        (event,) = result.events
        players = event.crosstable.players
        for outcome in event.outcomes:
            assert [p.player for p in outcome.players] == [p.number for p in players]
        assert all(b.values and len({len(r) for r in b.values}) == 1 for b in result.blocks)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_workbooks())
def test_arbitrary_grids_give_a_workbook_or_a_crosstable_error(workbook: dict[str, Any]) -> None:
    try:
        result = rate_sheets(workbook, today=TODAY)
    except CrosstableError as error:
        assert error.problems
        assert all(isinstance(p.message, str) and p.message for p in error.problems)
    else:
        assert isinstance(result, RatedWorkbook)
        assert result.events


@settings(max_examples=100, deadline=None)
@given(st.lists(_row, max_size=6), st.lists(st.lists(_cell, max_size=3), max_size=4))
def test_fully_random_grids(crosstable: list[list[Any]], event: list[list[Any]]) -> None:
    with contextlib.suppress(CrosstableError):
        rate_sheets({"Crosstable": crosstable, "Event": event}, today=TODAY)


def test_output_k_and_floor_get_their_own_names_beside_input_columns() -> None:
    # An Excel table cannot hold two columns named K: with an input K (explicit K) the K used
    # goes to "K used", and beside an input Floor the floor in force goes to "Floor in force";
    # re-rating the rated sheet writes into those columns again instead of adding more.
    from xlrating.crosstable import rate_sheets

    header = ["No", "Name", "Rating", "K", "Floor", "R1"]
    grid = [header, [1, "A", 1500, 20, None, "W2"], [2, "B", 1500, 20, None, "L1"]]
    first = rate_sheets({"Event": [["System", "FIDE"]], "Crosstable": grid})
    (added,) = first.blocks[-1:]
    headers = list(added.values[0])
    assert "K used" in headers and "Floor in force" in headers
    assert "K" not in headers and "Floor" not in headers
    rated = [list(r) for r in grid]
    for offset, name in enumerate(headers):
        for i, row in enumerate(rated):
            row.append(name if i == 0 else added.values[i][offset])
    again = rate_sheets({"Event": [["System", "FIDE"]], "Crosstable": rated})
    assert not again.added


def test_outputs_left_below_the_last_player_by_an_earlier_run_are_cleared() -> None:
    # A rated sheet whose last player's row was cleared of its inputs (he withdrew before
    # playing): his old outputs must not stay behind as if he had been rated.
    from xlrating.crosstable import rate_sheets

    header = ["No", "Name", "Rating", "R1", "Score", "Post rating"]
    grid = [header, [1, "A", 1500, "W2", 1, 1516], [2, "B", 1500, "L1", 0, 1484],
            [None, None, None, None, 0.5, 1490]]
    workbook = rate_sheets({"Event": [["System", "FIDE"]], "Crosstable": grid})
    by_column = {block.column: block for block in workbook.blocks if block.row == 2}
    assert [v for (v,) in by_column[5].values] == [1, 0, None]   # Score, down to row 4
    assert [v for (v,) in by_column[6].values][2] is None          # Post rating of row 4 cleared
    assert len(workbook.events[0].crosstable.players) == 2


def test_full_width_headers_are_read_as_their_plain_forms() -> None:
    # Typed with a Japanese or Chinese input method: "Ｒａｔｉｎｇ" is the Rating column, not an
    # unknown one (which would silently rate every player as unrated).
    from xlrating.crosstable import rate_sheets

    grid = [["Ｎｏ", "Ｎａｍｅ", "Ｒａｔｉｎｇ", "Ｒ１"], [1, "A", 1500, "W2"], [2, "B", 1600, "L1"]]
    rated = rate_sheets({"Crosstable": grid}).events[0]
    assert [p.rating for p in rated.crosstable.players] == [1500, 1600]


def test_a_name_that_is_an_excel_error_is_reported() -> None:
    from xlrating.crosstable import rate_sheets
    from xlrating.errors import CrosstableError

    grid = [["No", "Name", "Rating", "R1"], [1, "#REF!", 1500, "W2"], [2, "B", 1600, "L1"]]
    with pytest.raises(CrosstableError, match=r"Crosstable!B2: the name is the Excel error #REF!"):
        rate_sheets({"Crosstable": grid})


def test_icu_change_is_what_the_rating_moved_by_rounded_and_with_the_bonus() -> None:
    # ICU "Basic Rating Formulae" (Mark Orr), the Elo example: 2000, K 40, beats a 2000 and
    # draws with a 2200: 2000 + 40 x (1.5 - 0.740) = 2030.4, published 2030; the Change
    # column says +30, what the rating moved by (the engine's unrounded 30.4 is a working step).
    # No. 4 (K 40) beats five stronger players and wins a bonus: his Change is post - pre,
    # bonus included, as on every other system's sheet.
    from xlrating.cli.rate import standings

    header = ["No", "Name", "Rating", "K", "R1", "R2", "R3", "R4", "R5"]
    rows = [[1, "Example", 2000, 40, "W2", "D3", None, None, None],
            [2, "Same", 2000, 24, "L1", None, None, None, None],
            [3, "Higher", 2200, 24, None, "D1", None, None, None],
            [4, "Kid", 1200, 40, "W5", "W6", "W7", "W8", "W9"],
            *[[n, f"P{n}", 1500 + 50 * n, 24, *["L4" if r == n - 5 else None for r in range(5)]]
              for n in range(5, 10)]]
    workbook = rate_sheets(sheets(header, rows, [["System", "ICU"], ["End date", END]]), today=TODAY)
    (outcome,) = workbook.events[0].outcomes
    posts, changes = column(workbook, "Post rating"), column(workbook, "Change")
    assert posts[0] == 2030 and changes[0] == 30
    assert outcome.player(4).bonus and changes[3] == posts[3] - 1200
    assert changes == [post - row[2] for post, row in zip(posts, rows, strict=True)]
    assert [p.rating_change for p in outcome.players] == changes
    kid = next(line for line in standings(workbook).splitlines() if " Kid " in line)
    assert f"{posts[3] - 1200:+d}" in kid.split()


def test_an_end_date_after_today_is_rated_with_a_warning_at_its_cell() -> None:
    # 2052 typed for 2025: a junior born 2012 is rated at 40 (US Chess: the adult's 1300, not 50 x
    # his age) and the rules in force in 2052 are taken. Rated as given (an event may be rated
    # before its last round), with a warning; an End date up to today has none.
    header = ["No", "Name", "Rating", "Born", "R1"]
    rows = [[1, "Junior", None, date(2012, 3, 1), "W2"], [2, "B", 1500, None, "L1"]]
    later = [["System", "USCF"], ["Start date", TODAY], ["End date", date(2052, 6, 2)]]
    workbook = rate_sheets(sheets(header, rows, later), today=TODAY)
    # (B's rating without Games, on a sheet with no Games column, is said too: an established player's.)
    established = ("Crosstable!1:1: no Games column: for 1 player (row 3), read as an established player's: "
                   "N unknown, so the effective games N' and K come from the rating alone (US Chess 2020, "
                   "3); where a player's games are known, type them")
    # (B, 1500, falls below 1500 with no Peak column: his peak floor is his rating's, said too.)
    peak = ("Crosstable!1:1: no Peak column: for 1 player (row 3), read as the pre-event rating: the peak "
            "floor (the highest established rating less 200, to the floor level at or below; US Chess 2020, "
            "5) comes from it; where a player's peak is higher, type it (or his floor, in Floor)")
    assert [str(w) for w in workbook.warnings] == [
        "Event!B3: End date 2052-06-02 is after today (2024-06-02): ages, K factors and the rules in force "
        "are taken on that day; if the year is a slip, correct it and rate again",
        two_players_said("Crosstable", "Event"), established, peak]
    assert workbook.events[0].outcomes[0].player(1).initial_rating == 1300
    today = [["System", "USCF"], ["End date", TODAY]]
    rated = rate_sheets(sheets(header, rows, today), today=TODAY)
    assert [str(w) for w in rated.warnings] == [two_players_said("Crosstable", "Event"), established, peak]


def test_an_icu_sheet_of_foreign_players_only_is_rated_with_a_warning() -> None:
    # Ratings typed without K, Birth date or Joined: by the ICU's reading each is a foreign rating,
    # used for opponents and never changed, so the event changed no one's rating. Each row's note
    # said so; nothing said the sheet as a whole had left its members' data out.
    header = ["No", "Name", "Rating", "R1", "R2"]
    rows = [[1, "A", 1800, "W2", "W3"], [2, "B", 1700, "L1", None], [3, "C", 1600, None, "L1"]]
    workbook = rate_sheets(sheets(header, rows, [["System", "ICU"], ["End date", END]]), today=TODAY)
    assert {p.method.value for p in workbook.events[0].outcomes[0].players} == {"foreign"}
    assert [str(w) for w in workbook.warnings] == [
        "Crosstable!1:1: all 3 players with a rating are foreign (a rating alone: no K, Birth date, Joined "
        "or Games), so no rating changed; give each member his K, or his Birth date and Joined"]
    rows[0].insert(3, 24)
    rows[1].insert(3, None)
    rows[2].insert(3, None)
    member = rate_sheets(sheets(["No", "Name", "Rating", "K", "R1", "R2"], rows,
                                [["System", "ICU"], ["End date", END]]), today=TODAY)
    assert member.warnings == ()


def test_a_start_date_over_a_year_before_the_end_is_rated_with_a_warning() -> None:
    # 2015 typed for 2023: the ICU takes K at the Start date, when A (born 1996) was 18, so K 40
    # (under 21) instead of the 24 of a member of 13 years; rated as given, with a warning at the cell.
    header = ["No", "Name", "Rating", "Birth date", "Joined", "R1"]
    rows = [[1, "A", 1700, "1996-06-01", "2010-01-01", "W2"],
            [2, "B", 1600, "1970-01-01", "2000-01-01", "L1"]]
    event = [["System", "ICU"], ["Start date", "2015-09-01"], ["End date", "2024-03-02"]]
    workbook = rate_sheets(sheets(header, rows, event), today=TODAY)
    assert workbook.events[0].outcomes[0].player(1).k == 40
    # (Their ratings without Games, on a sheet with no Games column, are said too: rated players'.)
    rated = ("Crosstable!1:1: no Games column: for 2 players (rows 2, 3), read as a rated player's, not a "
             "provisional one's (Games 1-19); where a player's games are known, type them")
    assert [str(w) for w in workbook.warnings] == [
        "Event!B2: Start date 2015-09-01 is more than a year before the End date (2024-03-02); ICU K factors "
        "are taken on it: if the year is a slip, correct it and rate again", rated]
    event[1][1] = "2023-09-01"  # a league's season: no warning
    season = rate_sheets(sheets(header, rows, event), today=TODAY)
    assert [str(w) for w in season.warnings] == [rated] and season.events[0].outcomes[0].player(1).k == 24


def test_a_sheet_without_values_is_an_empty_sheet() -> None:
    # A sheet given as None (as the Event sheet may be) was a bare TypeError, "'NoneType'
    # object is not iterable", for any other sheet: an empty sheet beside the event, or the
    # crosstable itself.
    header = ["No", "Name", "Rating", "R1"]
    rows = [[1, "A", 1500, "W2"], [2, "B", 1400, "L1"]]
    workbook = rate_sheets({**sheets(header, rows, [["System", "USCF"]]), "Notes": None}, today=TODAY)
    assert [block.sheet for block in workbook.blocks] == ["Crosstable"]
    with pytest.raises(CrosstableError, match="Crosstable: no header row: no cell in this sheet says 'Name'"):
        rate_sheets({"Event": [["System", "USCF"]], "Crosstable": None}, today=TODAY)
