"""The rating report workbook: its sheets, tables, charts, values and safety.

Every report here is written to a real ``.xlsx`` and read back with openpyxl. The
numbers on the report are the engines' (the report computes none of its own except
sums and counts, and those are checked against the Ratings sheet they summarise); the
hand-worked FIDE event checks a few values against the FIDE rules directly.
"""

from __future__ import annotations

import random
import re
import zipfile
from datetime import date
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl.chart import BarChart, ScatterChart
from openpyxl.worksheet.worksheet import Worksheet

from xlrating.crosstable import RatedEvent, rate_sheets
from xlrating.errors import ArgumentError, WorkbookError
from xlrating.model import Method
from xlrating.report import (
    EXPLAINED_METHODS,
    MAX_BARS,
    ChartKind,
    Report,
    build_report,
    explained,
    report_workbook,
    write_report,
)

TODAY = date(2024, 6, 2)
END = date(2024, 5, 5)

USCF_EVENT: list[list[Any]] = [
    ["Setting", "Value"], ["System", "USCF"], ["Event name", "Spring Swiss"],
    ["Start date", date(2024, 5, 4)], ["End date", END],
]
# Five players, four rounds: established, provisional, unrated (FIDE-initialised), a junior
# with no rating (age-initialised), and a player on a floor.
USCF_HEADER = ["No", "Name", "ID", "Rating", "Games", "FIDE", "Born", "Floor", "R1", "R2", "R3", "R4"]
USCF_ROWS: list[list[Any]] = [
    [1, "Ann Example", "12345678", 1712, None, None, None, None, "W3", "D2", "W4", "H"],
    [2, "Ben Sample", "23456789", 1480, 12, None, None, None, "W5", "D1", "L3", "W4"],
    [3, "Cal Player", None, None, None, 1850, None, None, "L1", "W4", "W2", "B"],
    [4, "Dee Junior", None, None, None, None, date(2012, 3, 1), None, "B", "L3", "L1", "L2"],
    [5, "Eve Floor", None, 1310, 60, None, None, 1300, "L2", "X", "U", "F"],
]

# FIDE, worked by hand: three players rated 2000 with K 20 (given), a round robin with a bye
# each round. No. 1 beats 2 and 3; 2 and 3 draw. Rating difference 0: PD 0.50 per game
# (FIDE table 8.1.2), so No. 1 expects 1.0 from 2 games and scores 2: change 20 x (2 - 1.0)
# = +20, post 2020; Nos. 2 and 3 expect 1.0 and score 0.5: 20 x (0.5 - 1.0) = -10, post 1990.
# Each game adds K x (score - 0.50): +10 for a win, -10 for a loss, 0 for the draw.
FIDE_EVENT: list[list[Any]] = [
    ["System", "FIDE"], ["Event type", "Round robin"], ["Event name", "Hand-worked RR"], ["End date", END]]
FIDE_HEADER = ["No", "Name", "ID", "Rating", "K", "R1", "R2", "R3"]
FIDE_ROWS: list[list[Any]] = [
    [1, "Winner", "501", 2000, 20, "W2", "W3", "B"],
    [2, "Second", "502", 2000, 20, "L1", "B", "D3"],
    [3, "Third", "503", 2000, 20, "B", "L1", "D2"],
]

ICU_EVENT: list[list[Any]] = [["System", "ICU"], ["Event name", "Galway"], ["Start date", date(2024, 5, 1)],
                              ["End date", END]]
ICU_HEADER = ["No", "Name", "Rating", "Games", "K", "R1", "R2", "R3"]
ICU_ROWS: list[list[Any]] = [
    [1, "Visitor", 2100, None, None, "W2", "D3", "W4"],
    [2, "Rated", 1950, None, 40, "L1", "W4", "D3"],
    [3, "Newcomer", None, None, None, "W4", "D1", "D2"],
    [4, "Provisional", 1500, 12, None, "L3", "L2", "L1"],
]


def rated(header: list[Any], rows: list[list[Any]], event: list[list[Any]],
          **extra: list[list[Any]]) -> tuple[RatedEvent, ...]:
    return rate_sheets({"Event": event, "Crosstable": [header, *rows], **extra}, today=TODAY).events


def written(tmp_path: Path, events: tuple[RatedEvent, ...], name: str = "report.xlsx",
            **options: Any) -> tuple[Report, openpyxl.Workbook, Path]:
    report = build_report(events, **options)
    path = write_report(report, tmp_path / name)
    return report, openpyxl.load_workbook(path), path


def table(worksheet: Worksheet, name: str) -> list[dict[str, Any]]:
    """The body of Excel table ``name`` as dicts keyed by header."""
    ref = worksheet.tables[name].ref
    rows = [[c.value for c in row] for row in worksheet[ref]]
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def summary(worksheet: Worksheet) -> dict[str, dict[str, Any]]:
    """The Summary sheet as {heading: {label: value}} (a repeated label keeps its first value)."""
    sections: dict[str, dict[str, Any]] = {}
    current: dict[str, Any] = {}
    for label, value, *_ in worksheet.iter_rows(min_row=4, max_col=3):
        if label.value is None:
            continue
        if label.fill.fgColor.rgb == "00D9E1F2":  # a section heading's band
            current = sections.setdefault(label.value, {})
        else:
            current.setdefault(label.value, value.value)
    return sections


def same(shown: Any, value: float | None) -> bool:
    """A number read back from the report equals ``value`` (floats keep 15 significant digits, as Excel)."""
    if value is None:
        return shown is None
    return bool(shown == pytest.approx(value, rel=1e-14, abs=1e-12))


def uscf_events(**extra: Any) -> tuple[RatedEvent, ...]:
    return rated(USCF_HEADER, USCF_ROWS, USCF_EVENT, **extra)


# --- sheets, tables, print set-up --------------------------------------------------------------


def test_the_report_has_its_sheets_in_order_and_the_chart_data_hidden(tmp_path: Path) -> None:
    _, book, _ = written(tmp_path, uscf_events())
    assert book.sheetnames == ["Summary", "Ratings", "Games", "Explanations", "Charts", "Chart data"]
    assert [ws.sheet_state for ws in book.worksheets] == ["visible"] * 5 + ["hidden"]
    assert book.active.title == "Summary"
    assert book["Summary"]["A1"].value == "Rating report: Spring Swiss"


def test_tables_have_filters_a_style_frozen_headers_and_print_set_up(tmp_path: Path) -> None:
    _, book, _ = written(tmp_path, uscf_events())
    for name in ("Ratings", "Games", "Explanations"):
        ws = book[name]
        excel = ws.tables[name]
        assert excel.ref.startswith("A4:")
        assert excel.autoFilter is not None and excel.autoFilter.ref == excel.ref
        assert excel.tableStyleInfo.name == "TableStyleMedium2" and excel.tableStyleInfo.showRowStripes
        assert [c.name for c in excel.tableColumns] == [c.value for c in ws[4][: len(excel.tableColumns)]]
        assert ws.freeze_panes == "C5"
        assert ws.print_title_rows == "$4:$4"
    for ws in book.worksheets[:5]:
        assert ws.page_setup.orientation == "landscape"
        assert ws.sheet_properties.pageSetUpPr.fitToPage
        assert ws.page_setup.fitToWidth == 1 and ws.page_setup.fitToHeight == 0
        assert ws.page_setup.paperSize == 1  # US Letter: a US Chess event
        assert ws.oddHeader.center.text == "Rating report: Spring Swiss"
    fide_book = written(tmp_path, rated(FIDE_HEADER, FIDE_ROWS, FIDE_EVENT), "fide.xlsx")[1]
    assert fide_book["Ratings"].page_setup.paperSize == 9  # A4


def test_number_formats_and_conditional_formatting_for_gains_and_losses(tmp_path: Path) -> None:
    _, book, _ = written(tmp_path, uscf_events())
    ws = book["Ratings"]
    headers = {c.value: c.column_letter for c in ws[4]}
    change = headers["Change"]
    assert ws[f"{change}5"].number_format == "+0_);-0_);0_)"
    assert ws[f"{headers['Post rating']}5"].number_format == "0_)"
    assert ws[f"{headers['Expected score']}5"].number_format == "0.00_)"
    rules = {str(cf.sqref): [(r.operator, r.formula) for r in cf.rules] for cf in ws.conditional_formatting}
    assert rules[f"{change}5:{change}9"] == [("greaterThan", ["0"]), ("lessThan", ["0"])]
    games = book["Games"]
    letter = {c.value: c.column_letter for c in games[4]}["Change"]
    assert any(str(cf.sqref).startswith(f"{letter}5:") for cf in games.conditional_formatting)


# --- values ------------------------------------------------------------------------------------


def test_the_hand_worked_fide_event_by_address(tmp_path: Path) -> None:
    _, book, _ = written(tmp_path, rated(FIDE_HEADER, FIDE_ROWS, FIDE_EVENT))
    ws = book["Ratings"]
    assert [c.value for c in ws[4]] == [
        "No", "Name", "ID", "Pre rating", "Post rating", "Change", "K", "Method", "Score", "Rated games",
        "Rated score", "Expected score", "Performance"]
    assert [c.value for c in ws[5]][:8] == [1, "Winner", "501", 2000, 2020, 20, 20, "elo"]
    assert [c.value for c in ws[6]][:8] == [2, "Second", "502", 2000, 1990, -10, 20, "elo"]
    assert [c.value for c in ws[7]][:8] == [3, "Third", "503", 2000, 1990, -10, 20, "elo"]
    assert ws["I5"].value == 3.0 and ws["K5"].value == 2.0 and ws["L5"].value == 1.0  # score with the bye
    games = table(book["Games"], "Games")
    assert [(g["No"], g["Round"], g["Opponent No"], g["Result"], g["Expected score"], g["Change"])
            for g in games] == [(1, 1, 2, 1.0, 0.5, 10.0), (1, 2, 3, 1.0, 0.5, 10.0),
                                (2, 1, 1, 0.0, 0.5, -10.0), (2, 3, 3, 0.5, 0.5, 0.0),
                                (3, 2, 1, 0.0, 0.5, -10.0), (3, 3, 2, 0.5, 0.5, 0.0)]
    assert {g["Opponent rating"] for g in games} == {2000}
    results = summary(book["Summary"])["FIDE rating: results"]
    assert results["Total rating change"] == 0 and results["Average rating change"] == 0
    assert results["Players gaining"] == 1 and results["Players losing"] == 2
    assert results["Largest gain"] == 20 and results["Largest loss"] == -10
    assert results["Rated games"] == 3
    # No special or iterative method, no bonus, no floor: nothing to explain.
    explanations = book["Explanations"]
    assert not explanations.tables
    assert explanations["A4"].value.startswith("No player was rated by a special or iterative method")


def test_summary_totals_equal_the_sums_over_the_ratings_sheet(tmp_path: Path) -> None:
    for name, events in (("uscf", uscf_events()), ("icu", rated(ICU_HEADER, ICU_ROWS, ICU_EVENT)),
                         ("fide", rated(FIDE_HEADER, FIDE_ROWS, FIDE_EVENT))):
        _, book, _ = written(tmp_path, events, f"{name}.xlsx")
        rows = table(book["Ratings"], "Ratings")
        (results,) = (values for heading, values in summary(book["Summary"]).items() if "results" in heading)
        check_totals(results, rows)


def check_totals(results: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    changes = [r["Change"] for r in rows if r["Change"] is not None]
    assert results["Players"] == len(rows)
    assert results["Players with a rating change"] == len(changes)
    assert results["Total rating change"] == pytest.approx(sum(changes)) if changes else True
    if changes:
        assert results["Average rating change"] == pytest.approx(sum(changes) / len(changes))
        assert results["Largest gain"] == max(changes) and results["Largest loss"] == min(changes)
    assert results["Players gaining"] == sum(1 for c in changes if c > 0)
    assert results["Players losing"] == sum(1 for c in changes if c < 0)
    assert results["Unrated players"] == sum(1 for r in rows if r["Pre rating"] is None)
    assert results["New players rated"] == sum(
        1 for r in rows if r["Pre rating"] is None and r["Post rating"] is not None)
    assert results["Players with a rated game"] == sum(1 for r in rows if r["Rated games"])
    if any(r.get("Bonus") for r in rows) or "Bonus points awarded" in results:
        assert results["Bonus points awarded"] == pytest.approx(sum(r.get("Bonus") or 0 for r in rows))
        assert results["Players with a bonus"] == sum(1 for r in rows if r.get("Bonus"))
    if any(r.get("Floor applied") for r in rows) or "Floors applied" in results:
        assert results["Floors applied"] == sum(1 for r in rows if r.get("Floor applied") == "yes")
    methods = {label.removeprefix("Rated by method: "): v for label, v in results.items()
               if label.startswith("Rated by method: ")}
    assert methods == {m: sum(1 for r in rows if r["Method"] == m) for m in {r["Method"] for r in rows}}


def test_ratings_show_the_engines_numbers_and_games_add_up_to_the_change(tmp_path: Path) -> None:
    events = uscf_events()
    outcome = events[0].outcomes[0]
    _, book, _ = written(tmp_path, events)
    rows = table(book["Ratings"], "Ratings")
    assert [r["Name"] for r in rows] == [r[1] for r in USCF_ROWS]
    assert [r["ID"] for r in rows] == ["12345678", "23456789", None, None, None]
    assert [r["Pre rating"] for r in rows] == [1712, 1480, None, None, 1310]
    assert [r["Pre games"] for r in rows] == [None, 12, None, None, 60]
    assert [r["Score"] for r in rows] == [3.0, 2.5, 3.0, 1.0, 1.0]  # byes and forfeits counted
    for row, player in zip(rows, outcome.players, strict=True):
        assert same(row["Post rating"], player.post_rating) and same(row["Change"], player.change)
        assert same(row["N'"], player.effective_games) and same(row["K"], player.k)
        assert row["Method"] == player.method.value and row["Floor"] == player.floor
        assert row["Rated games"] == player.rated_games and row["Rated score"] == player.rated_score
    games = table(book["Games"], "Games")
    # Each rated game appears once from each side.
    assert len(games) == 2 * len(events[0].crosstable.games)
    for player in outcome.players:
        if player.method is Method.STANDARD and not player.floor_applied:
            # US Chess standard formula (2020 rules 4.2): change = K(S - E) + bonus, game by game.
            total = sum(g["Change"] for g in games if g["No"] == player.player)
            assert total + (player.bonus or 0) == pytest.approx(player.change)


def test_explanations_cover_special_and_iterative_players_with_their_steps(tmp_path: Path) -> None:
    events = uscf_events() + rated(ICU_HEADER, ICU_ROWS, ICU_EVENT)
    for index, event in enumerate(events):
        _, book, _ = written(tmp_path, (event,), f"explain{index}.xlsx")
        rows = table(book["Explanations"], "Explanations")
        outcome = event.outcomes[0]
        expected = [p for p in outcome.players if explained(p)]
        assert {r["No"] for r in rows} == {p.player for p in expected}
        assert any(p.method in EXPLAINED_METHODS for p in expected)
        for player in expected:
            steps = [(r["Step"], r["Value"]) for r in rows
                     if r["No"] == player.player and r["Step"] != "Note"]
            assert [label for label, _ in steps] == [s.label for s in player.steps]
            assert all(same(value, s.value) for (_, value), s in zip(steps, player.steps, strict=True))
    labels = {r["Step"] for r in table(written(tmp_path, uscf_events(), "u.xlsx")[1]["Explanations"],
                                        "Explanations")}
    assert {"Special formula: knots", "Special formula: solution", "Step 1: initial rating"} <= labels
    everyone = table(written(tmp_path, uscf_events(), "all.xlsx", explain_all=True)[1]["Explanations"],
                     "Explanations")
    assert {r["No"] for r in everyone} == {1, 2, 3, 4, 5}


def test_dual_rated_events_show_both_systems_labelled(tmp_path: Path) -> None:
    header = [*USCF_HEADER, "Quick", "Quick games"]
    rows = [[*row, quick, games] for row, (quick, games) in
            zip(USCF_ROWS, [(1650, None), (None, None), (1500, 8), (None, None), (1290, 30)], strict=True)]
    events = rated(header, rows, [*USCF_EVENT, ["Dual rated", "yes"]])
    _, book, _ = written(tmp_path, events)
    ratings = table(book["Ratings"], "Ratings")
    assert [r["Rating system"] for r in ratings] == ["Regular"] * 5 + ["Quick"] * 5
    assert [r["Pre rating"] for r in ratings[5:]] == [1650, None, 1500, None, 1290]
    sections = summary(book["Summary"])
    assert "US Chess Regular rating: results" in sections and "US Chess Quick rating: results" in sections
    for system in ("Regular", "Quick"):
        check_totals(sections[f"US Chess {system} rating: results"],
                     [r for r in ratings if r["Rating system"] == system])
    assert {g["Rating system"] for g in table(book["Games"], "Games")} == {"Regular", "Quick"}
    assert len(book["Charts"]._charts) == 6


def test_several_crosstable_sheets_are_sections(tmp_path: Path) -> None:
    reserve = [["No", "Name", "Rating", "R1"], [1, "Xena", 1500, "D2"], [2, "Yuri", 1400, "D1"]]
    events = uscf_events(Reserve=reserve)
    _, book, _ = written(tmp_path, events)
    ratings = table(book["Ratings"], "Ratings")
    assert [(r["Section"], r["No"]) for r in ratings] == [("Crosstable", n) for n in range(1, 6)] + [
        ("Reserve", 1), ("Reserve", 2)]
    sections = summary(book["Summary"])
    assert sections["Event"]["Crosstable sheets"] == "Crosstable, Reserve"
    assert sections["Event"]["Players"] == 7
    check_totals(sections["Reserve: US Chess Regular rating: results"],
                 [r for r in ratings if r["Section"] == "Reserve"])
    assert book["Ratings"].freeze_panes == "D5"


def test_official_post_ratings_are_shown_beside_ours_with_the_difference(tmp_path: Path) -> None:
    header = [*USCF_HEADER, "Official post rating"]
    events = uscf_events()
    ours = [p.post_rating for p in events[0].outcomes[0].players]
    # Official ratings: ours rounded (half up), then +0, +3, -2, blank, +0.
    rounded = [int(p + 0.5) for p in ours if p is not None]
    official = [rounded[0], rounded[1] + 3, rounded[2] - 2, None, rounded[4]]
    rows = [[*row, value] for row, value in zip(USCF_ROWS, official, strict=True)]
    _, book, _ = written(tmp_path, rated(header, rows, USCF_EVENT))
    ws = book["Ratings"]
    headers = [c.value for c in ws[4]]
    post = headers.index("Post rating")
    assert headers[post + 3: post + 5] == ["Official post rating", "Official difference"]
    ratings = table(ws, "Ratings")
    assert [r["Official post rating"] for r in ratings] == official
    assert [r["Official difference"] for r in ratings] == [0, -3, 2, None, 0]
    results = summary(book["Summary"])["US Chess Regular rating: results"]
    assert results["Compared with official post ratings"] == 4
    assert results["Same as official"] == 2 and results["Different from official"] == 2
    assert results["Largest difference"] == -3


def test_the_summary_lists_the_event_and_every_parameter_used(tmp_path: Path) -> None:
    events = uscf_events()
    _, book, _ = written(tmp_path, events)
    sections = summary(book["Summary"])
    event = sections["Event"]
    assert event["Event name"] == "Spring Swiss" and event["System"] == "US Chess"
    assert event["Start date"].date() == date(2024, 5, 4) and event["End date"].date() == END
    assert event["Rules edition"] == "USCF 2020" and event["Event type"] == "Swiss"
    parameters = sections["US Chess Regular rating: rules and parameters"]
    for name, value in events[0].outcomes[0].parameters:
        assert parameters[name] == value
    assert parameters["Bonus multiplier B"]


# --- charts ------------------------------------------------------------------------------------


def test_three_native_charts_per_rating_on_the_charts_sheet(tmp_path: Path) -> None:
    _, book, _ = written(tmp_path, uscf_events())
    charts = book["Charts"]._charts
    assert [type(c) for c in charts] == [BarChart, ScatterChart, ScatterChart]
    bar = charts[0]
    assert bar.type == "bar" and [s.tx.v for s in bar.series] == ["Gain", "Loss"]
    references = [(s.val or s.yVal).numRef.f for c in charts for s in c.series]
    assert all(ref.startswith("'Chart data'!") for ref in references)
    data = book["Chart data"]
    labels = [data.cell(row=r, column=1).value for r in range(2, data.max_row + 1)
              if data.cell(row=r, column=1).value]
    outcome = uscf_events()[0].outcomes[0]
    changes = sorted((p.change, p.player) for p in outcome.players if p.change is not None)
    assert len(labels) == len(changes)
    assert labels[-1].endswith(f"({changes[-1][1]})")  # the largest gain is the top bar


def test_the_change_chart_of_a_large_event_shows_the_largest_gains_and_losses(tmp_path: Path) -> None:
    events = rated(*swiss(60, 4, seed=3))
    _, book, _ = written(tmp_path, events)
    data = book["Chart data"]
    rows = [[c.value for c in row] for row in data.iter_rows(min_row=2, max_col=3)]
    bars = [row for row in rows if row[0]]
    assert len(bars) == MAX_BARS
    changes = [p.change for p in events[0].outcomes[0].players if p.change is not None]
    shown = [gain if gain is not None else loss for _, gain, loss in bars]
    assert max(shown) == pytest.approx(max(changes)) and min(shown) == pytest.approx(min(changes))
    assert "largest gains and losses" in str(book["Charts"]._charts[0].title.tx.rich.p[0].r[0].t)


def test_a_chart_with_nothing_to_show_leaves_a_note_in_its_place() -> None:
    # Regression snapshot of the Charts sheet's layout (rows and notes as xlrating lays them out).
    def charts(rows: list[list[Any]]) -> Any:
        events = rated(["No", "Name", "Rating", "R1"], rows, [["System", "FIDE"], ["End date", END]])
        return next(s for s in build_report(events).sheets if s.name == "Charts")

    unrated = charts([[1, "A", None, "W2"], [2, "B", None, "L1"]])
    assert [(c.row, c.column, c.value) for c in unrated.cells] == [
        (1, 1, "Charts"), (3, 2, "FIDE rating"),
        (4, 2, "No player had both a pre-event and a post-event rating: no rating change to chart."),
        (7, 2, "Post-event against pre-event rating: no player had a pre-event and a post-event rating."),
        (9, 2, "Score against expected score: no player had an expected score.")]
    assert unrated.charts == () and unrated.page.row_breaks == ()
    unplayed = charts([[1, "A", 2000, "U"], [2, "B", None, "U"]])
    assert [(c.row, c.value) for c in unplayed.cells[2:]] == [
        (19, "Score against expected score: no player had an expected score.")]
    assert [(c.kind, c.title, c.row, c.column) for c in unplayed.charts] == [
        (ChartKind.BAR, "Rating change per player", 4, 2),
        (ChartKind.SCATTER, "Post-event against pre-event rating", 16, 2)]
    assert unplayed.page.row_breaks == (14,)


# --- safety ------------------------------------------------------------------------------------

# ("#N/A" itself is refused as a name: it is what a failed lookup shows.)
HOSTILE = ['=HYPERLINK("http://x","y")', "@SUM(A1)", "+1+1", "-2", "#NA", "=1+1", "'quoted"]


def test_user_text_never_becomes_a_formula(tmp_path: Path) -> None:
    header = ["No", "Name", "ID", "Rating", "R1", "R2"]
    rows = [[n, name, f"=ID{n}" if n % 2 else "@ID", 1500 + 10 * n, f"D{n + 1 if n % 2 else n - 1}",
             "H"] for n, name in enumerate(HOSTILE[:6], start=1)]
    event: list[list[Any]] = [["System", "FIDE"], ["Event name", '=HYPERLINK("http://evil","click")'],
                              ["End date", END], ["Event type", "Swiss"]]
    second: list[list[Any]] = [["No", "Name", "R1"], [1, "@x", "D2"], [2, "=y", "D1"]]
    events = rate_sheets({"Event": event, "Crosstable": [header, *rows], "=Sheet": second},
                         today=TODAY).events
    _, book, path = written(tmp_path, events)
    texts = set()
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.data_type != "f", f"{ws.title}!{cell.coordinate} holds a formula: {cell.value!r}"
                if isinstance(cell.value, str):
                    texts.add(cell.value)
                    if cell.value.startswith(("=", "+", "-", "@")):
                        assert cell.quotePrefix, f"{ws.title}!{cell.coordinate}"
    assert set(HOSTILE[:6]) <= texts and {"=ID1", "@ID", "@x", "=y", "=Sheet"} <= texts
    assert '=HYPERLINK("http://evil","click")' in texts
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/"):
                xml = archive.read(name).decode()
                assert not re.search(r"<(\w+:)?f[ >]", xml), name
    # The page header escapes '&' (a header code) and names the event as text.
    assert book["Ratings"].oddHeader.center.text == 'Rating report: =HYPERLINK("http://evil","click")'


def test_an_ampersand_in_the_event_name_is_printed_as_itself(tmp_path: Path) -> None:
    event = [*USCF_EVENT[:2], ["Event name", "Smith & Jones &P Open"], *USCF_EVENT[3:]]
    _, book, _ = written(tmp_path, rated(USCF_HEADER, USCF_ROWS, event))
    assert book["Ratings"].oddHeader.center.text == "Rating report: Smith && Jones &&P Open"


# --- arguments and files -----------------------------------------------------------------------


def test_build_report_checks_its_argument() -> None:
    with pytest.raises(ArgumentError, match="Argument 'events' must hold at least one rated event"):
        build_report(())
    with pytest.raises(ArgumentError, match="Argument 'events' must be a sequence of RatedEvent"):
        build_report(["not an event"])  # type: ignore[list-item]
    single = uscf_events()[0]
    assert build_report(single).title == build_report([single]).title  # type: ignore[arg-type]


def test_write_report_writes_xlsx_only_and_atomically(tmp_path: Path) -> None:
    events = uscf_events()
    with pytest.raises(WorkbookError, match=r"must be saved as \.xlsx"):
        write_report(events, tmp_path / "report.xlsm")
    with pytest.raises(WorkbookError, match="does not exist"):
        write_report(events, tmp_path / "missing" / "report.xlsx")
    target = write_report(events, tmp_path / "report.xlsx")
    assert [p.name for p in tmp_path.iterdir()] == ["report.xlsx"] and target == tmp_path / "report.xlsx"
    book = report_workbook(build_report(events))
    assert book.write_only
    book.save(tmp_path / "direct.xlsx")
    assert openpyxl.load_workbook(tmp_path / "direct.xlsx").sheetnames == openpyxl.load_workbook(
        target).sheetnames


# --- invariants --------------------------------------------------------------------------------


def swiss(players: int, rounds: int, seed: int) -> tuple[list[Any], list[list[Any]], list[list[Any]]]:
    """A random US Chess Swiss as (header, rows, event): random pairings, a bye for the odd player."""
    rng = random.Random(seed)
    cells: dict[int, list[str]] = {n: [] for n in range(1, players + 1)}
    for _ in range(rounds):
        order = list(cells)
        rng.shuffle(order)
        if len(order) % 2:
            cells[order.pop()].append(rng.choice(["B", "H", "U"]))
        for a, b in zip(order[::2], order[1::2], strict=True):
            result = rng.choice([("W", "L"), ("D", "D"), ("L", "W")])
            cells[a].append(f"{result[0]}{b}")
            cells[b].append(f"{result[1]}{a}")
    header = ["No", "Name", "ID", "Rating", "Games", *(f"R{r}" for r in range(1, rounds + 1))]
    rows = []
    for n in range(1, players + 1):
        kind = rng.random()
        rating = None if kind < 0.15 else rng.randint(400, 2600)
        games = rng.randint(1, 20) if 0.15 <= kind < 0.3 else None
        rows.append([n, f"Player {n}", str(rng.randint(10**7, 10**8 - 1)), rating, games, *cells[n]])
    return header, rows, [["System", "USCF"], ["Event name", f"Random {seed}"], ["End date", END]]


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(2, 9), rounds=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_any_event_makes_a_report_whose_summary_adds_up(tmp_path: Path, players: int, rounds: int,
                                                        seed: int) -> None:
    events = rated(*swiss(players, rounds, seed))
    _, book, _ = written(tmp_path, events, f"random-{seed}-{players}-{rounds}.xlsx")
    rows = table(book["Ratings"], "Ratings")
    assert len(rows) == players
    (results,) = (values for heading, values in summary(book["Summary"]).items() if "results" in heading)
    check_totals(results, rows)
    games = table(book["Games"], "Games") if book["Games"].tables else []
    assert len(games) == sum(len(p.games) for p in events[0].outcomes[0].players)


def test_the_games_sheet_of_a_big_event_is_left_out_unless_asked(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from xlrating.report import build as report_build

    events = uscf_events()
    lines = sum(len(o.games) for e in events for out in e.outcomes for o in out.players)
    assert lines > 4
    _, book, _ = written(tmp_path, events, "all.xlsx")
    assert book["Games"].tables and len(table(book["Games"], "Games")) == lines
    monkeypatch.setattr(report_build, "GAMES_BY_DEFAULT", lines - 1)
    _, book, _ = written(tmp_path, events, "big.xlsx")
    assert not book["Games"].tables
    assert f"left out: the event has {lines:,} game lines" in book["Games"]["A3"].value
    _, book, _ = written(tmp_path, events, "asked.xlsx", games=True)
    assert len(table(book["Games"], "Games")) == lines
    _, book, _ = written(tmp_path, events, "refused.xlsx", games=False)
    assert not book["Games"].tables and "left out, as asked" in book["Games"]["A3"].value


def test_an_icu_change_is_post_minus_pre_rating_with_the_bonus_on_every_sheet(tmp_path: Path) -> None:
    # No. 1 (K 40) beats five stronger players and wins an ICU bonus; every rated player's Change
    # is what his published (rounded) rating moved by, and the Summary adds those up.
    header = ["No", "Name", "Rating", "K", "R1", "R2", "R3", "R4", "R5"]
    rows = [[1, "Kid", 1200, 40, "W2", "W3", "W4", "W5", "W6"],
            *[[n, f"P{n}", 1500 + 50 * n, 24, *["L1" if r == n - 2 else None for r in range(5)]]
              for n in range(2, 7)]]
    events = rated(header, rows, ICU_EVENT)
    assert events[0].outcomes[0].player(1).bonus
    _, book, _ = written(tmp_path, events)
    ratings = table(book["Ratings"], "Ratings")
    assert [r["Change"] for r in ratings] == [r["Post rating"] - r["Pre rating"] for r in ratings]
    (results,) = (values for heading, values in summary(book["Summary"]).items() if "results" in heading)
    assert results["Total rating change"] == sum(r["Post rating"] - r["Pre rating"] for r in ratings)
    check_totals(results, ratings)


def test_each_chart_data_table_labels_its_own_rows(tmp_path: Path) -> None:
    # The tables of the hidden Chart data sheet are sorted each its own way (changes, pre-event
    # ratings, expected scores): the one Player column of the changes' table named another player
    # than the ratings and scores beside it. Each table now has its players' labels.
    events = uscf_events()
    _, book, _ = written(tmp_path, events)
    data = book["Chart data"]
    outcome = events[0].outcomes[0]
    def table(first: int) -> list[list[Any]]:  # (the changes' table is columns A-C)
        rows = [[c.value for c in row] for row in data.iter_rows(min_col=first, max_col=first + 2)]
        return rows[:next((i for i, row in enumerate(rows) if row[0] is None), len(rows))]

    ratings, scores = table(4), table(7)
    assert ratings[0] == ["Player", "Pre-event rating", "Post-event rating"]
    assert scores[0] == ["Player", "Expected score", "Score in rated games"]
    for label, pre, post in ratings[1:]:
        player = outcome.player(int(label.rsplit("(", 1)[1].rstrip(")")))
        assert (pre, post) == (player.pre_rating, pytest.approx(player.post_rating))
    for label, expected, score in scores[1:]:
        player = outcome.player(int(label.rsplit("(", 1)[1].rstrip(")")))
        assert (expected, score) == (pytest.approx(player.expected_score), pytest.approx(player.rated_score))
    assert [row[1] for row in ratings[1:]] == sorted(row[1] for row in ratings[1:])
