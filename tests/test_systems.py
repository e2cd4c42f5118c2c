"""The registry of rating systems (xlrating.systems) and every path that reads it.

One name means one thing wherever it is typed: the Event sheet of a real workbook
(openpyxl, through :func:`xlrating.workbook.rate_file`), the Excel functions (through
xlwings' server code path, as Excel calls them) and ``RATE_CROSSTABLE``.
"""

from __future__ import annotations

import asyncio
import doctest
from datetime import date
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw
from xlwings import server

from xlrating import fide, icu, names, systems, udfs, uscf
from xlrating.crosstable import PlayerRow, columns, parse_settings
from xlrating.errors import CrosstableError
from xlrating.icu.rules import EDITIONS as ICU_EDITIONS
from xlrating.workbook import NewSheet, rate_file, write_new_workbook


def call(name: str, *arguments: Any) -> Any:
    """``name`` called as xlwings Lite/Server calls it from a cell."""
    data = {"func_name": name, "args": list(arguments), "caller_address": "Sheet1!A1",
            "version": xw.__version__, "client": "Office.js", "runtime": "1.4",
            "culture_info_name": "en-US", "date_format": "m/d/yyyy"}
    return asyncio.run(server.custom_functions_call(data, udfs))


# --- the table ---------------------------------------------------------------------------------


def test_editions_are_the_engines_own() -> None:
    engines = {"USCF": uscf.EDITIONS, "FIDE": fide.EDITIONS, "ICU": ICU_EDITIONS}
    for system in systems.SYSTEMS:
        assert {id(e.rules) for e in system.editions} == {id(r) for r in engines[system.key].values()}
        for key, rules in engines[system.key].items():
            edition = system.edition(key)
            assert edition is not None and edition.rules is rules
    assert [e.name for e in systems.USCF.editions] == ["USCF 2020", "USCF 2011", "USCF 2009"]
    assert [e.name for e in systems.FIDE.editions] == ["FIDE 2024", "FIDE handbook"]
    assert [e.name for e in systems.ICU.editions] == ["ICU"]
    assert {system.key: system.edition_names for system in systems.SYSTEMS} == {
        "USCF": ("USCF 2020", "USCF 2011", "USCF 2009"), "FIDE": ("FIDE 2024", "FIDE handbook"),
        "ICU": ("ICU",)}


def test_defaults_are_the_engines_defaults() -> None:
    assert systems.USCF.default.rules is uscf.get_rules()
    assert systems.FIDE.default.rules is fide.get_rules()


@pytest.mark.parametrize("typed, key", [
    ("USCF", "USCF"), ("us chess", "USCF"), ("US_Chess", "USCF"), ("fide", "FIDE"), ("ICU", "ICU"),
    ("Irish Chess Union", "ICU"), ("ＦＩＤＥ", "FIDE"),
])
def test_a_system_by_any_name(typed: str, key: str) -> None:
    found = systems.find(typed)
    assert found is not None and found.key == key


def test_unknown_names_are_none() -> None:
    assert systems.find("ECF") is None
    assert systems.USCF.edition("2024") is None
    assert systems.FIDE.edition("2020") is None
    assert systems.USCF.rating_system("Rapid") is None
    with pytest.raises(KeyError):
        systems.get("fide")  # get takes the key itself


def test_an_edition_by_any_alias_and_as_a_number() -> None:
    for system in systems.SYSTEMS:
        for edition in system.editions:
            for alias in edition.aliases:
                assert system.edition(alias) is edition
                assert system.edition(alias.upper()) is edition
                assert system.edition(f" {alias.lower()} ") is edition
    assert systems.USCF.edition(2011.0) is systems.USCF.edition("USCF 2011")
    assert systems.FIDE.edition(2024) is systems.FIDE.edition("FIDE 2024")
    # The system's name alone is its newest edition.
    assert systems.FIDE.edition("FIDE") is systems.FIDE.default


def test_an_edition_is_found_across_systems_only_when_one_system_has_it() -> None:
    found = systems.edition_anywhere("2024")
    assert found is not None and (found[0].key, found[1].name) == ("FIDE", "FIDE 2024")
    found = systems.edition_anywhere("us chess 2009")
    assert found is not None and (found[0].key, found[1].name) == ("USCF", "USCF 2009")
    assert systems.edition_anywhere("2030") is None


# The rating systems of US Chess 2020 (introduction and section 2) and the names directors type.
RATING_SYSTEM_NAMES = [
    ("Regular", "Regular"), ("regular rating", "Regular"), ("Quick", "Quick"), ("Quick rating", "Quick"),
    ("QC", "Quick"), ("quick chess", "Quick"), ("Blitz", "Blitz"), ("Blitz rating", "Blitz"),
    ("Online Regular", "Online Regular"), ("online-regular", "Online Regular"),
    ("Online Quick", "Online Quick"), ("Online QC", "Online Quick"), ("Online Quick rating", "Online Quick"),
    ("Online Blitz", "Online Blitz"), ("ONLINE_BLITZ", "Online Blitz"),
]


@pytest.mark.parametrize("typed, name", RATING_SYSTEM_NAMES)
def test_a_rating_system_by_any_name(typed: str, name: str) -> None:
    assert systems.USCF.rating_system(typed) == name


def test_every_engine_rating_system_is_listed_once() -> None:
    assert [r.name for r in systems.USCF.rating_systems] == [s.value for s in uscf.RatingSystem]
    aliases = [systems.fold(a) for r in systems.USCF.rating_systems for a in r.aliases]
    assert len(aliases) == len(set(aliases))
    assert systems.USCF.rating_systems_of(systems.USCF.edition("2009")) == ("Regular", "Quick")  # type: ignore[arg-type]


# --- the Event sheet ---------------------------------------------------------------------------


def settings_of(*rows: tuple[str, Any]) -> Any:
    return parse_settings([list(row) for row in rows], today=date(2025, 1, 5))


@pytest.mark.parametrize("system", systems.SYSTEMS, ids=lambda s: s.key)
def test_event_sheet_takes_every_edition_alias(system: systems.System) -> None:
    for edition in system.editions:
        for alias in edition.aliases:
            assert settings_of(("System", system.key), ("Rules", alias)).rules == edition.name


def test_event_sheet_takes_rules_2024_under_fide() -> None:
    assert settings_of(("System", "FIDE"), ("Rules", "2024")).rules == "FIDE 2024"
    assert settings_of(("System", "FIDE"), ("Rules", 2024.0)).rules == "FIDE 2024"
    assert settings_of(("System", "FIDE"), ("Rules", "handbook")).rules == "FIDE handbook"
    # Without a System, Rules that only one system has decide it.
    chosen = settings_of(("Rules", "2024"))
    assert (chosen.system, chosen.rules) == ("FIDE", "FIDE 2024")
    # An explicit System that does not match is still an error, at the Rules cell.
    with pytest.raises(CrosstableError, match=r"Event!B2: Rules '2024' are not USCF rules \(System is"):
        settings_of(("System", "USCF"), ("Rules", "2024"))


@pytest.mark.parametrize("typed, name", RATING_SYSTEM_NAMES)
def test_event_sheet_takes_every_rating_system_name(typed: str, name: str) -> None:
    assert settings_of(("Rating system", typed)).rating_system == name


def test_event_sheet_rating_system_errors_list_the_names() -> None:
    with pytest.raises(CrosstableError, match="Rating system 'Rapid' is not one of Regular, Quick, Blitz"):
        settings_of(("Rating system", "Rapid"))
    with pytest.raises(CrosstableError, match="Rating system Online Quick is not rated under USCF 2011"):
        settings_of(("Rules", "USCF 2011"), ("Rating system", "Online QC"))
    with pytest.raises(CrosstableError, match="applies to US Chess events only"):
        settings_of(("System", "FIDE"), ("Rating system", "Quick rating"))


HEADER = ["No", "Name", "Rating", "R1", "R2"]
ROWS: list[list[Any]] = [[1, "Ann Able", 1500, "W2", "D3"], [2, "Bob Brown", 1400, "L1", "U"],
                         [3, "Cy Cole", 1450, "U", "D1"]]


def rated_workbook(tmp_path: Path, event: list[tuple[str, Any]]) -> Any:
    source, target = tmp_path / "event.xlsx", tmp_path / "rated.xlsx"
    write_new_workbook(source, event=[*event, ("End date", date(2025, 1, 5))],
                       sheets=[NewSheet("Crosstable", HEADER, ROWS)])
    rated = rate_file(source, target)
    book = openpyxl.load_workbook(target)
    return rated, book


def test_workbook_rated_under_fide_rules_2024(tmp_path: Path) -> None:
    rated, _ = rated_workbook(tmp_path, [("System", "FIDE"), ("Rules", "2024")])
    assert rated.events[0].outcomes[0].rules == "FIDE 2024"
    assert rated.events[0].outcomes[0].notes[0].startswith("Rated under FIDE 2024")


@pytest.mark.parametrize("typed, name", [("Quick rating", "Quick"), ("Online QC", "Online Quick")])
def test_workbook_rated_in_the_rating_system_named(tmp_path: Path, typed: str, name: str) -> None:
    rated, _ = rated_workbook(tmp_path, [("System", "US Chess"), ("Rating system", typed)])
    assert rated.events[0].outcomes[0].rating_system == name
    assert rated.events[0].outcomes[0].notes[0].startswith(f"Rated under USCF 2020, {name} rating system")


# --- the Excel functions -----------------------------------------------------------------------


def test_functions_take_every_edition_alias() -> None:
    # US Chess 2020, 3: N* for R0 = 1700 is 50/sqrt(0.662 + 0.00000739(2200 - 1700)^2) (both
    # editions agree here); each alias must reach the same edition as its display name.
    for edition in systems.USCF.editions:
        expected = call("USCF_NSTAR", [[1700]], [[edition.name]])
        for alias in edition.aliases:
            assert call("USCF_NSTAR", [[1700]], [[alias]]) == expected
    for edition in systems.FIDE.editions:
        expected = call("FIDE_PD", [[390]], [[edition.name]])
        for alias in edition.aliases:
            assert call("FIDE_PD", [[390]], [[alias]]) == expected
    # FIDE Handbook B.02, 10.1 table (b) and 10.51: a difference over 350 counts as 350 (PD 0.89);
    # the FIDE Rating Regulations 2024 cap it at 400, so 390 is read as it stands (PD 0.91).
    assert call("FIDE_PD", [[390]], [["handbook"]]) == [[0.89]]
    assert call("FIDE_PD", [[390]], [["2024"]]) == [[0.91]]
    assert call("FIDE_PD", [[390]], [[2024]]) == [[0.91]]


def test_functions_refuse_an_unknown_edition_naming_the_aliases() -> None:
    with pytest.raises(xw.XlwingsError, match=r"must be a US Chess rule edition .*'US Chess 2020'"):
        call("USCF_NSTAR", [[1700]], [["2024"]])
    with pytest.raises(xw.XlwingsError, match=r"must be a FIDE rule edition .*'handbook'"):
        call("FIDE_PD", [[100]], [["2020"]])


@pytest.mark.parametrize("typed, name", [("Quick rating", "Quick"), ("Online QC", "Online Quick"),
                                         ("QC", "Quick"), ("online quick rating", "Online Quick")])
def test_initial_rating_takes_every_rating_system_name(typed: str, name: str) -> None:
    # US Chess 2020, 2: an unrated player's rating in one system from a rating in another.
    others = [["Regular", 1800, 30]]
    assert call("USCF_INITIAL", [[typed]], None, None, None, [[date(2025, 1, 5)]], None, others, None) \
        == call("USCF_INITIAL", [[name]], None, None, None, [[date(2025, 1, 5)]], None, others, None)
    assert call("USCF_INITIAL", [["Blitz"]], None, None, None, [[date(2025, 1, 5)]], None,
                [[typed, 1800, 30]], None) == call(
        "USCF_INITIAL", [["Blitz"]], None, None, None, [[date(2025, 1, 5)]], None, [[name, 1800, 30]], None)


def test_initial_rating_refuses_an_unknown_rating_system() -> None:
    with pytest.raises(xw.XlwingsError, match=r"must be a US Chess rating system .*not 'Rapid'"):
        call("USCF_INITIAL", [["Rapid"]], [[1800]], None, None, None, None, None, None)


def test_rate_crosstable_takes_rules_2024_and_the_rating_system_names() -> None:
    grid, end = [HEADER, *ROWS], ["End date", "2025-01-05"]
    fide_2024 = call("RATE_CROSSTABLE", grid, [["FIDE"]], [["FIDE 2024"]], [end], None)
    assert call("RATE_CROSSTABLE", grid, [["FIDE"]], [["2024"]], [end], None) == fide_2024
    assert call("RATE_CROSSTABLE", grid, None, [[2024]], [end], None) == fide_2024
    handbook = call("RATE_CROSSTABLE", grid, [["FIDE"]], [["handbook"]], [end], None)
    assert handbook != fide_2024  # the editions differ (K 15 and 20 for these players)
    quick = call("RATE_CROSSTABLE", grid, None, None, [["Rating system", "Quick"], end], None)
    assert call("RATE_CROSSTABLE", grid, None, None, [["Rating system", "Quick rating"], end], None) == quick
    online = call("RATE_CROSSTABLE", grid, None, None, [["Rating system", "Online Quick"], end], None)
    assert call("RATE_CROSSTABLE", grid, None, None, [["Rating system", "Online QC"], end], None) == online


def test_the_documentation_lists_every_name() -> None:
    text = (Path(__file__).parent.parent / "docs" / "systems.md").read_text(encoding="utf-8")
    for system in systems.SYSTEMS:
        names = [*system.aliases, *(a for e in system.editions for a in e.aliases),
                 *(a for r in system.rating_systems for a in r.aliases)]
        for name in names:
            assert f"`{name}`" in text, name


def test_the_module_examples() -> None:
    failures, tried = doctest.testmod(systems, raise_on_error=False)
    assert tried >= 2 and failures == 0


# --- one name folding: the registry and the engines' get_rules ------------------------------------

_GET_RULES = {"USCF": uscf.get_rules, "FIDE": fide.get_rules, "ICU": icu.get_rules}


def _spellings(alias: str) -> list[str]:
    """``alias`` as typed in other ways the folding ignores: case, ``_``, ``-``, ``.``, spacing."""
    return [alias, alias.upper(), alias.lower(), alias.replace(" ", "_"), alias.replace(" ", "-"),
            alias.replace(" ", "."), f"  {alias.replace(' ', '  ')} ", alias.replace(" ", "")]


@pytest.mark.parametrize("system", systems.SYSTEMS, ids=lambda s: s.key)
def test_get_rules_and_the_registry_agree_on_every_edition_alias(system: systems.System) -> None:
    get_rules = _GET_RULES[system.key]
    for edition in system.editions:
        for alias in edition.aliases:
            for typed in _spellings(alias):
                assert system.edition(typed) is edition, typed
                assert get_rules(typed) is edition.rules, typed


def test_the_issue_example_us_chess_2020_with_a_dot() -> None:
    assert systems.USCF.edition("us.chess 2020") is systems.USCF.default
    assert uscf.get_rules("us.chess 2020") is systems.USCF.default.rules


def test_the_registry_folds_as_the_names_module_folds() -> None:
    assert systems.fold is names.fold
    assert columns.fold is names.fold


def test_the_icu_registry_check_uses_the_rules_provisional_limit() -> None:
    # A K given with fewer prior games than the rules' provisional limit is refused; one at the
    # limit is taken (ICU rating program: under 20 games a player is provisional).
    limit = icu.get_rules().provisional_limit
    settings = parse_settings([["System", "ICU"], ["End date", date(2024, 5, 1)]])
    below = PlayerRow(number=1, name="A", member_id=None, row=1, rating=1500.0, games=limit - 1, k=24.0)
    at = PlayerRow(number=1, name="A", member_id=None, row=1, rating=1500.0, games=limit, k=24.0)
    built, problems = systems.ICU.player(below, settings)
    assert built is None and problems[0][0] == "K" and f"under {limit}" in problems[0][1]
    assert systems.ICU.player(at, settings)[1] == []


# --- capabilities: the one place per-system facts live ---------------------------------------------


def test_only_us_chess_rates_two_rating_systems_at_once_and_takes_a_bonus_multiplier() -> None:
    for system in systems.SYSTEMS:
        settings = [["System", system.key], ["End date", date(2024, 5, 1)], ["Dual rated", "yes"],
                    ["Bonus multiplier", 10]]
        if system.dual_rated and system.bonus_multiplier:
            read = parse_settings(settings)
            assert read.dual_rated and read.bonus_multiplier == 10
        else:
            with pytest.raises(CrosstableError, match="applies to US Chess events only"):
                parse_settings(settings)


def test_the_dual_rated_swap_is_the_registrys() -> None:
    # The Quick run of a dual-rated event: the Quick rating rates, the Regular one joins the others.
    assert systems.in_other_system((1500.0, 30), {"Quick": (1400.0, 12), "Blitz": (1450.0, 8)},
                                   "Regular", "Quick") \
        == ((1400.0, 12), {"Blitz": (1450.0, 8), "Regular": (1500.0, 30)})
    # Unrated in Quick, unrated in Regular: nothing to carry.
    assert systems.in_other_system((None, None), {}, "Regular", "Quick") == ((None, None), {})


def test_every_list_kind_names_itself() -> None:
    from xlrating.official.fill import kind_named

    for system in systems.SYSTEMS:
        for kind in system.list_kinds:
            assert kind_named(system.key, kind.upper()) == kind


# --- one player record: a crosstable row and a list entry build the same engine player -----------


def _row_and_entry(**fields: Any) -> tuple[PlayerRow, Any]:
    from xlrating.lists import Entry

    return PlayerRow(number=1, name="", member_id=None, row=2, **fields), Entry(1, **fields)


def test_a_row_and_an_entry_build_the_same_uscf_player() -> None:
    row, entry = _row_and_entry(rating=1650.0, games=40, birth_date=date(2000, 1, 2), floor=1400.0,
                                peak=1700.0, wins=12, draws=3, events=5, history=None, fide=1900.0)
    quick = {"Quick": (1500.0, 12)}
    for system, own in (("Regular", "Regular"), ("Quick", "Regular")):
        built = systems.uscf_player(row, 3, quick, system, own)
        assert built == systems.uscf_player(entry, 3, quick, system, own)
    second = systems.uscf_player(entry, 3, quick, "Quick", "Regular")
    assert (second.rating, second.games, second.other_ratings) == (1500.0, 12, {uscf.RatingSystem.REGULAR:
                                                                              (1650.0, 40)})
    assert (second.floor, second.peak, second.wins, second.draws, second.events) == (None, None, 0, 0, 0)


def test_a_row_and_an_entry_build_the_same_fide_and_icu_players() -> None:
    row, entry = _row_and_entry(rating=1850.0, games=12, peak=1900.0, birth_date=date(2010, 3, 4), k=40.0)
    built = systems.fide_player(row, 2, row.games, row.k)
    assert built == systems.fide_player(entry, 2, entry.games, entry.k)
    rules = icu.get_rules()
    row, entry = _row_and_entry(rating=1700.0, games=12, k=24.0, joined=date(2015, 1, 1))
    player = systems.icu_player(row, 2, rules)
    assert player == systems.icu_player(entry, 2, rules)
    assert (player.kind, player.k) == (icu.PlayerKind.PROVISIONAL, None)  # 12 games: provisional, no K


def test_a_row_and_an_entry_share_every_field_of_the_player_record() -> None:
    from dataclasses import fields

    from xlrating.lists import Entry

    assert len(systems.RECORD_FIELDS) == 14
    for shape in (PlayerRow, Entry):
        assert set(systems.RECORD_FIELDS) <= {f.name for f in fields(shape)}


def _same_fields(built: Any, checked: Any) -> None:
    """Two engine players equal field for field, each value of the same type (an int rating
    stored as a float by both, a whole float count as an int by both)."""
    from dataclasses import fields

    assert type(built) is type(checked)
    for f in fields(built):
        mine, theirs = getattr(built, f.name), getattr(checked, f.name)
        assert (mine, type(mine)) == (theirs, type(theirs)), f.name


def test_a_checked_entry_builds_the_player_its_checks_would() -> None:
    from xlrating.lists import Entry

    plain = [Entry(1, 1650, 40.0, birth_date=date(2000, 1, 2), floor=1400, peak=1700, wins=12, draws=3,
                   events=5, history="all wins", fide=1900, cfc=2000.0, adult=1, k=40),
             Entry(2), Entry(3, 1500.0, None, k=24.0), Entry(4, 1800, 12, joined=date(2015, 1, 1))]
    rules = icu.get_rules()
    for entry in plain:
        for system, own in (("Regular", "Regular"), ("Quick", "Regular")):
            _same_fields(systems.uscf_player(entry, 3, {}, system, own),
                         systems.uscf_player(entry, 3, {}, system, own, checked=True))
        _same_fields(systems.fide_player(entry, 2, entry.games, entry.k),
                     systems.fide_player(entry, 2, entry.games, entry.k, checked=True))
        _same_fields(systems.icu_player(entry, 2, rules), systems.icu_player(entry, 2, rules, checked=True))
    quick = {"Quick": (1500, 12.0)}  # the ratings in other systems are checked (and normalised) all the same
    _same_fields(systems.uscf_player(plain[0], 3, quick, "Regular", "Regular"),
                 systems.uscf_player(plain[0], 3, quick, "Regular", "Regular", checked=True))


def test_a_checked_icu_entry_has_the_kind_classify_gives_for_every_combination() -> None:
    """The checked path classifies each combination of what decides a kind once and reuses it:
    every combination (rating, games, K, birth date, joined given or not, under every
    edition), asked twice, gives classify's kind or its error each time."""
    from itertools import product

    from xlrating.errors import ArgumentError
    from xlrating.icu.rules import EDITIONS
    from xlrating.lists import Entry

    for rules in EDITIONS.values():
        for rating, games, k, born, joined in product((None, 1500.0), (None, 0, 5, 19, 20, 40), (None, 24.0),
                                                      (None, date(2010, 1, 1)), (None, date(2015, 1, 1))):
            entry = Entry(1, rating, games, k=k, birth_date=born, joined=joined)
            provisional = games is not None and games < rules.provisional_limit
            given_k = None if provisional or rating is None else k
            try:
                expected: Any = icu.classify(rating, games, given_k, born, joined, rules=rules)
            except ArgumentError as error:
                expected = str(error)
            for _ in range(2):
                try:
                    found: Any = systems.icu_player(entry, 1, rules, checked=True).kind
                except ArgumentError as error:
                    found = str(error)
                assert found == expected, (rules.display, rating, games, k, born, joined)
