"""xlrating.macros through xlwings itself, the way xlwings Lite and xlwings Server run a script.

``tests/conftest.py`` sets ``XLWINGS_ON_SERVER=true`` (and the noncommercial licence key)
before xlwings is imported. Each test builds the JSON that xlwings' Office.js client
sends (``getBookData``: book name, active sheet, selection, names, and per sheet its name,
values from A1 to the last used cell with blanks as ``""`` and dates as ISO strings, and
its tables) from a real template workbook, opens it with ``xw.Book(json=...)``, runs the
script with :func:`xlwings.server.custom_scripts_call`, and applies the returned actions
to the sheet values as Excel would, then checks them cell by cell against the command
line's output for the same workbook.
"""

from __future__ import annotations

import asyncio
import os
import types
from datetime import date, datetime
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.utils import get_column_letter, range_boundaries

assert os.environ.get("XLWINGS_ON_SERVER") == "true", "tests/conftest.py must run before xlwings is imported"

import xlwings as xw  # noqa: E402
from xlwings.server import custom_scripts_call  # noqa: E402

from xlrating import macros  # noqa: E402
from xlrating.cli import main  # noqa: E402
from xlrating.crosstable.model import AddedColumns, Block  # noqa: E402
from xlrating.errors import CrosstableError, Problem  # noqa: E402
from xlrating.excel.book import ALERT_LIMIT  # noqa: E402
from xlrating.templates import quickstart_module, write_template  # noqa: E402

# --- the client side: what xlwings' JavaScript sends, and what Excel does with the actions ---------


def _client_value(value: Any) -> Any:
    """A cell value as Office.js reports it: blanks as "", dates as ISO strings in UTC."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%dT%H:%M:%S.000Z")
    if isinstance(value, date):
        return f"{value.isoformat()}T00:00:00.000Z"
    return value


def book_json(path: Path) -> dict[str, Any]:
    """The JSON xlwings' Office.js client sends for the workbook at ``path``."""
    book = openpyxl.load_workbook(path, data_only=True)
    sheets = []
    for sheet in book.worksheets:
        rows, columns = max(sheet.max_row, 1), max(sheet.max_column, 1)
        values = [[_client_value(sheet.cell(row=r, column=c).value) for c in range(1, columns + 1)]
                  for r in range(1, rows + 1)]
        tables = []
        for table in sheet.tables.values():
            min_col, min_row, max_col, max_row = range_boundaries(table.ref)
            left, right = get_column_letter(min_col), get_column_letter(max_col)
            tables.append({
                "name": table.displayName, "range_address": f"{left}{min_row}:{right}{max_row}",
                "header_row_range_address": f"{left}{min_row}:{right}{min_row}",
                "data_body_range_address": f"{left}{min_row + 1}:{right}{max_row}",
                "total_row_range_address": None, "show_headers": True, "show_totals": False,
                "table_style": table.tableStyleInfo.name if table.tableStyleInfo else "",
                "show_autofilter": True,
            })
        sheets.append({"name": sheet.title, "values": values, "pictures": [], "tables": tables})
    return {
        "client": "Office.js", "version": xw.__version__,
        "book": {"name": path.name, "active_sheet_index": 0, "selection": "A1"},
        "names": [], "sheets": sheets,
    }


def run_script(module: types.ModuleType, name: str, data: dict[str, Any]) -> list[dict[str, Any]]:
    """Run script ``name`` of ``module`` on the book ``data`` as xlwings' server does; return its actions."""
    book = xw.Book(json=data)
    result = asyncio.run(custom_scripts_call(module, name, typehint_to_value={xw.Book: book}))
    actions: list[dict[str, Any]] = result.json()["actions"]
    return actions


class Excel:
    """The sheets of a book JSON, with the actions applied as Excel applies them."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.names = [sheet["name"] for sheet in data["sheets"]]
        self.values = {sheet["name"]: [list(row) for row in sheet["values"]] for sheet in data["sheets"]}
        self.formats: dict[tuple[str, int, int], str] = {}
        self.alerts: list[tuple[str, str]] = []
        self.resized: list[tuple[str, int, str]] = []
        self.grouped: set[tuple[str, int]] = set()
        self.hidden: set[tuple[str, int]] = set()
        self.widths: dict[tuple[str, int], float] = {}
        self.fonts: dict[tuple[str, int, int], dict[str, Any]] = {}

    def apply(self, actions: list[dict[str, Any]]) -> None:
        for action in actions:
            func = action["func"]
            if func == "alert":
                self.alerts.append((action["args"][0], action["args"][1]))
                continue
            sheet = self.names[action["sheet_position"]]
            if func == "resizeTable":
                self.resized.append((sheet, action["args"][0], action["args"][1]))
                continue
            top, left = action["start_row"], action["start_column"]
            if func in ("rangeGroup", "setColumnHidden"):
                assert action["args"] == (["columns"] if func == "rangeGroup" else [True]), action
                columns = {(sheet, left + 1 + j) for j in range(action["column_count"])}
                (self.grouped if func == "rangeGroup" else self.hidden).update(columns)
                continue
            for i in range(action["row_count"]):
                for j in range(action["column_count"]):
                    if func == "setValues":
                        self.put(sheet, top + i, left + j, action["values"][i][j])
                    elif func == "setNumberFormat":
                        self.formats[(sheet, top + i + 1, left + j + 1)] = action["args"][0]
                    elif func == "setColumnWidth":
                        self.widths[(sheet, left + j + 1)] = action["args"][0]
                    elif func == "setFontProperty":
                        name, value = action["args"]
                        self.fonts.setdefault((sheet, top + i + 1, left + j + 1), {})[name] = value
                    else:
                        raise AssertionError(f"unexpected action {func}")

    def put(self, sheet: str, row: int, column: int, value: Any) -> None:
        grid = self.values[sheet]
        while len(grid) <= row:
            grid.append([])
        line = grid[row]
        while len(line) <= column:
            line.append("")
        if isinstance(value, str) and value.startswith("'"):
            value = value[1:]  # Excel keeps a leading apostrophe as "this is text"
        line[column] = value

    def sent(self, data: dict[str, Any], sheet: str) -> dict[str, Any]:
        """The book JSON ``data`` as Excel sends it again, ``sheet`` holding its values now (a
        rectangle: each row as wide as the widest)."""
        width = max(len(row) for row in self.values[sheet])
        grid = [row + [""] * (width - len(row)) for row in self.values[sheet]]
        return dict(data, sheets=[dict(s, values=grid) if s["name"] == sheet else s for s in data["sheets"]])

    def cell(self, sheet: str, row: int, column: int) -> Any:
        grid = self.values[sheet]
        if row - 1 >= len(grid) or column - 1 >= len(grid[row - 1]):
            return ""
        return grid[row - 1][column - 1]


def writes(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [a for a in actions if a["func"] != "alert"]


# --- the macro rates a template exactly as the command line does ---------------------------------


@pytest.mark.parametrize("system", ["uscf", "fide", "icu"])
def test_the_lite_script_writes_what_the_command_line_writes(tmp_path: Path, system: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    source = write_template(system, tmp_path / "event.xlsx")[0]
    data = book_json(source)
    excel = Excel(data)
    actions = run_script(macros, "rate_crosstable", data)
    excel.apply(actions)

    assert main(["rate", str(source)]) == 0
    capsys.readouterr()
    rated = openpyxl.load_workbook(tmp_path / "event-rated.xlsx")["Crosstable"]
    input_columns = len(data["sheets"][0]["values"][0])
    assert rated.max_column > input_columns
    for row in range(1, rated.max_row + 1):
        for column in range(1, rated.max_column + 1):
            expected = rated.cell(row=row, column=column).value
            got = excel.cell("Crosstable", row, column)
            if isinstance(expected, str) and expected.startswith("="):
                # An input formula (the live effective-games column): kept by the command line,
                # never written by the macro, which sees only what Excel calculated.
                assert column <= input_columns
                continue
            if isinstance(expected, float):
                assert got == pytest.approx(expected, rel=1e-15), (row, column)
            else:
                assert got == _client_value(expected), (row, column)
            number_format = rated.cell(row=row, column=column).number_format
            if column > input_columns and row > 1 and number_format != "General":
                assert excel.formats[("Crosstable", row, column)] == number_format
    # Inputs are never written; the output columns go in as whole blocks.
    assert all(a["start_column"] >= input_columns for a in writes(actions) if a["func"] == "setValues")
    assert len([a for a in actions if a["func"] == "setValues"]) == 1
    last = get_column_letter(rated.max_column)
    assert excel.resized == [("Crosstable", 0, f"$A$1:${last}${rated.max_row}")]
    assert rated.tables["Crosstable"].ref == f"A1:{last}{rated.max_row}"
    assert len(excel.alerts) == 1 and excel.alerts[0][1] == "xlrating"
    assert "players rated" in excel.alerts[0][0]
    # The working behind each rating is grouped and collapsed, as the command line does it.
    collapsed = {("Crosstable", column) for column in range(1, rated.max_column + 1)
                 if rated.column_dimensions[get_column_letter(column)].hidden}
    assert collapsed and excel.grouped == excel.hidden == collapsed
    assert all(rated.column_dimensions[get_column_letter(c)].outline_level == 1 for _, c in collapsed)


def test_the_scripts_summary_says_a_blank_end_date(tmp_path: Path) -> None:
    # A blank End date silently became today.
    source = write_template("uscf", tmp_path / "event.xlsx")[0]
    book = openpyxl.load_workbook(source)
    assert book["Event"]["A10"].value == "End date"
    book["Event"]["B10"] = None
    book.save(source)
    actions = run_script(macros, "rate_crosstable", book_json(source))
    alerts = [a["args"][0] for a in actions if a["func"] == "alert"]
    assert len(alerts) == 1 and "End date is blank (Event!B10): rated as of today, " in alerts[0], alerts


def test_a_bad_crosstable_gets_no_writes_and_an_alert_listing_every_error(tmp_path: Path) -> None:
    source = write_template("uscf", tmp_path / "event.xlsx")[0]
    book = openpyxl.load_workbook(source)
    sheet = book["Crosstable"]
    sheet["G4"] = "Q4"
    sheet["D3"] = "abc"
    book["Event"]["B2"] = "XYZ"
    book.save(source)
    actions = run_script(macros, "rate_crosstable", book_json(source))
    assert writes(actions) == []
    assert len(actions) == 1 and actions[0]["func"] == "alert"
    text, title = actions[0]["args"][0], actions[0]["args"][1]
    assert title == "xlrating: nothing was rated" and actions[0]["args"][3] == "critical"
    for where in ("Crosstable!G4", "Crosstable!D3", "Event!B2"):
        assert where in text


def test_the_quickstart_modules_main_rates_the_calling_book(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    source = write_template("uscf", tmp_path / "club_event.xlsm", macro=True)[0]
    module = types.ModuleType("club_event")
    exec(compile(quickstart_module("club_event"), "club_event.py", "exec"), module.__dict__)
    data = book_json(source)
    book = xw.Book(json=data)
    monkeypatch.setattr(xw.Book, "caller", classmethod(lambda cls: book))
    module.main()
    excel = Excel(data)
    excel.apply(book.json()["actions"])
    header = excel.values["Crosstable"][0]
    assert "Post rating" in header
    column = header.index("Post rating")
    assert all(isinstance(row[column], float) for row in excel.values["Crosstable"][1:9])


def test_rate_event_returns_the_rated_event_and_none_on_errors(tmp_path: Path) -> None:
    source = write_template("icu", tmp_path / "event.xlsx")[0]
    rated = macros.rate_event(xw.Book(json=book_json(source)))
    assert rated is not None and rated.events[0].settings.system == "ICU"
    book = openpyxl.load_workbook(source)
    book["Crosstable"]["A3"] = 1
    book.save(source)
    assert macros.rate_event(xw.Book(json=book_json(source))) is None


# --- the pieces ------------------------------------------------------------------------------------


def test_write_blocks_keeps_text_as_text_and_clears_empty_cells() -> None:
    data = {"client": "Office.js", "version": xw.__version__,
            "book": {"name": "t.xlsx", "active_sheet_index": 0, "selection": "A1"}, "names": [],
            "sheets": [{"name": "Crosstable", "values": [["No", "Name"]], "pictures": [], "tables": []}]}
    book = xw.Book(json=data)
    macros.write_blocks(book, [Block("Crosstable", 2, 3, (("=1+1", None, "1500", "standard", 7.5),),
                                     ("General", "0", "0", None, "0.0"))])
    actions = book.json()["actions"]
    assert actions[0]["func"] == "setValues"
    assert (actions[0]["start_row"], actions[0]["start_column"]) == (1, 2)
    assert actions[0]["values"] == [["'=1+1", "", "'1500", "standard", 7.5]]
    formats = [(a["start_column"], a["column_count"], a["args"][0]) for a in actions[1:]]
    assert formats == [(2, 1, "General"), (3, 2, "0"), (6, 1, "0.0")]


def test_alert_text_lists_every_problem_and_cuts_a_long_list() -> None:
    few = CrosstableError([Problem("Crosstable!F7", "'W99' names no player 99")], title="1 error")
    assert macros.alert_text(few) == "1 error\n\nCrosstable!F7: 'W99' names no player 99"
    many = CrosstableError([Problem(f"Crosstable!F{n}", "'Q' is not a result code") for n in range(2, 102)],
                           title="100 errors")
    text = macros.alert_text(many)
    assert len(text) < ALERT_LIMIT + 100
    shown = text.count("is not a result code")
    assert 10 < shown < 100
    assert text.endswith(f"... and {100 - shown} more (run `xlrating rate` on the file to see them all)")


def test_the_lite_script_is_registered_for_xlwings() -> None:
    from xlwings.server import custom_scripts_meta

    meta = custom_scripts_meta(macros)  # type: ignore[no-untyped-call]
    assert [entry["function_name"] for entry in meta] == [
        "export_dbf", "export_trf", "fill_from_the_list", "make_rating_report", "make_season_report",
        "rate_crosstable", "rate_season_workbook"]


def test_added_columns_resize_only_the_adjacent_table(tmp_path: Path) -> None:
    source = write_template("uscf", tmp_path / "event.xlsx")[0]
    book = xw.Book(json=book_json(source))
    # The US Chess template's table ends at column K (the live effective-games column).
    headers = Block("Crosstable", 1, 12, (("Score", "Post rating", "Notes"),))
    macros.write_blocks(book, [], [AddedColumns("Crosstable", 1, 9, 13, 14)])
    assert book.json()["actions"] == []
    macros.write_blocks(book, [headers], [AddedColumns("Crosstable", 1, 9, 12, 14)])
    # The table is resized; Notes (column N), not on a wall chart, is grouped and collapsed.
    assert [(a["func"], a["args"], a["start_column"]) for a in book.json()["actions"][1:]] == [
        ("resizeTable", [0, "$A$1:$N$9"], None), ("rangeGroup", ["columns"], 13),
        ("setColumnHidden", [True], 13)]
    repeated = Block("Crosstable", 1, 12, (("Score", "Rating", "Notes"),))
    book = xw.Book(json=book_json(source))
    macros.write_blocks(book, [repeated], [AddedColumns("Crosstable", 1, 9, 12, 14)])
    assert [a["func"] for a in book.json()["actions"]] == ["setValues", "rangeGroup", "setColumnHidden"]


def test_the_report_script_adds_report_sheets_through_xlwings(tmp_path: Path) -> None:
    # xlrating.macros.make_rating_report is the Lite script of xlrating.macros.rating_report:
    # run through xlwings' server path it adds the report's sheets and leaves the crosstable alone.
    source = tmp_path / "event.xlsx"
    write_template("uscf", source)
    data = book_json(source)
    actions = run_script(macros, "make_rating_report", data)
    added = [a["args"][1] for a in actions if a["func"] == "addSheet"]
    assert added[:4] == ["Report Summary", "Report Ratings", "Report Games", "Report Explanations"]
    crosstable = data["sheets"].index(next(s for s in data["sheets"] if s["name"] == "Crosstable"))
    assert all(a["sheet_position"] != crosstable for a in actions if a["func"] == "setValues")


def test_a_player_listed_twice_is_said(tmp_path: Path) -> None:
    # Dana Whitfield entered again at the foot of the crosstable (same ID, same name) was
    # rated as two players, from two ratings, her games split between them, and nothing said so.
    source = write_template("uscf", tmp_path / "event.xlsx")[0]
    book = openpyxl.load_workbook(source)
    sheet = book["Crosstable"]
    assert [sheet[f"{c}1"].value for c in "ABC"] == ["No", "Name", "ID"]
    sheet["B9"], sheet["C9"] = sheet["B2"].value, sheet["C2"].value
    book.save(source)
    actions = run_script(macros, "rate_crosstable", book_json(source))
    alerts = [a["args"][0] for a in actions if a["func"] == "alert"]
    assert len(alerts) == 1 and alerts[0].splitlines()[2:] == [
        "Crosstable!C9: No. 8 (Dana Whitfield) is listed twice: ID 30918274 and this name are in row 2 too; "
        "the two rows were rated as two players, each from his own rating and games: give the player one row"]


def test_one_id_under_two_names_says_the_rows_are_rated_as_two_players(tmp_path: Path) -> None:
    # A crosstable is rated by its rows' numbers: two rows sharing an ID are two players, each
    # rated from his own row. The alert said they were "rated as one player (by the ID)".
    source = write_template("uscf", tmp_path / "event.xlsx")[0]
    book = openpyxl.load_workbook(source)
    book["Crosstable"]["C3"] = book["Crosstable"]["C2"].value
    book.save(source)
    excel = Excel(book_json(source))
    excel.apply(run_script(macros, "rate_crosstable", book_json(source)))
    assert excel.alerts[0][0].splitlines()[2:] == [
        "Crosstable!B3: ID 30918274 is 'Marcus Oyelaran' here but 'Dana Whitfield' at Crosstable!B2: "
        "the rows are rated as two players, each from his own row; check the ID and the name"]
    post = excel.values["Crosstable"][0].index("Post rating")
    assert excel.cell("Crosstable", 2, post + 1) != excel.cell("Crosstable", 3, post + 1)  # two players


def test_a_note_below_the_players_outlives_a_second_rating(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    # A note typed below the players, in the column right of the crosstable: the first rating
    # headed that column Score (the note under it), and the second cleared the note as a stale
    # output of a player no longer there, in Excel and on the command line alike.
    source = write_template("uscf", tmp_path / "event.xlsx")[0]
    book = openpyxl.load_workbook(source)
    sheet = book["Crosstable"]
    assert (sheet.max_row, sheet.max_column) == (9, 11)  # eight players; the table ends at K
    sheet["L11"] = "checked by AM"
    book.save(source)
    data = book_json(source)
    excel = Excel(data)
    excel.apply(run_script(macros, "rate_crosstable", data))
    excel.apply(run_script(macros, "rate_crosstable", excel.sent(data, "Crosstable")))
    assert excel.cell("Crosstable", 11, 12) == "checked by AM"
    assert excel.cell("Crosstable", 1, 12) == ""  # the note's column is not an output column
    assert main(["rate", str(source), "-o", str(tmp_path / "once.xlsx")]) == 0
    assert main(["rate", str(tmp_path / "once.xlsx"), "-o", str(tmp_path / "twice.xlsx")]) == 0
    capsys.readouterr()
    twice = openpyxl.load_workbook(tmp_path / "twice.xlsx")["Crosstable"]
    assert twice["L11"].value == "checked by AM" and twice["L1"].value is None
    assert [twice.cell(row=1, column=c).value for c in range(13, twice.max_column + 1)] == [
        excel.cell("Crosstable", 1, c) for c in range(13, twice.max_column + 1)]
