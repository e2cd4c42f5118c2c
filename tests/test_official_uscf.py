"""US Chess members saved from the Ratings API v1 (JSON), read and stored.

Source of the layout: mikeb26/uschess-go, commit e29b3225efcf67b7f4133ab1b015ea6f74413c1b,
``swagger.json`` ("USCF Ratings API", v1): ``GET /api/v1/members`` answers a
``MemberDetailDtoPage`` (``items``, ``offset``, ``pageSize``, ``hasNextPage``), each item a
``MemberDetailDto`` (``id``, ``firstName``, ``lastName``, ``stateRep``, ``expirationDate``,
``fideTitle``, ``gender``, ``ratings``: ``MemberRatingDto`` ``rating``, ``ratingSystem`` (a
``RatingSource``: ``R``, ``Q``, ``B``, ``OR``, ``OQ``, ``OB``, ``C``, ``F``...),
``gamesPlayed``, ``isProvisional``); ``GET /api/v1/members/{memberId}/rating-supplements``
answers ``items`` of ``ratingSupplementDate`` and ``ratings``. The members below are made
up in that layout (the repository's own tests use the made-up member 12345678, Jane
Player); no real response was found in a public repository.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from test_two_player_events import two_players_said

from xlrating.errors import FormatError
from xlrating.official.store import ListStore

PAGE = {
    "items": [
        {
            "id": "12345678",
            "firstName": "Jane",
            "lastName": "Player",
            "stateRep": "OH",
            "jurisdiction": None,
            "expirationDate": "2027-03-31",
            "fideCountry": "USA",
            "fideTitle": "WFM",
            "uscfTitle": None,
            "status": "Active",
            "fideId": "2099999",
            "gender": "Female",
            "lastChangedDate": "2026-11-02",
            "ratings": [
                {
                    "rating": 1876,
                    "ratingSystem": "R",
                    "gamesPlayed": 140,
                    "isProvisional": False,
                    "floor": 1700,
                },
                {
                    "rating": 1480,
                    "ratingSystem": "Q",
                    "gamesPlayed": 12,
                    "isProvisional": True,
                    "floor": None,
                },
                {"rating": 1900, "ratingSystem": "F", "gamesPlayed": 20, "isProvisional": False},
            ],
        },
        {
            "id": "30000001",
            "firstName": "Sam",
            "lastName": "Newcomer",
            "stateRep": "CA",
            "gender": "Male",
            "status": "Active",
            "ratings": [],
        },
    ],
    "offset": 0,
    "pageSize": 100,
    "hasNextPage": False,
}
DAY = dt.date(2026, 11, 20)


def write(path: Path, document: object) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_a_members_page_is_read_as_the_lists_of_the_day_it_was_saved(tmp_path: Path) -> None:
    path = write(tmp_path / "members.json", PAGE)
    with ListStore(tmp_path / "lists.sqlite") as store:
        loaded = store.add(path, date=DAY)
        assert {(i.kind, i.players) for i in loaded.lists} == {
            (kind, 2)
            for kind in ("Regular", "Quick", "Blitz", "Online Regular", "Online Quick", "Online Blitz")
        }
        regular = store.lookup("USCF", "Regular", ["12345678", "30000001"], dt.date(2026, 12, 1))
        quick = store.lookup("US Chess", "Quick", ["12345678"], DAY)["12345678"]
    jane = regular["12345678"]
    assert (jane.name, jane.rating, jane.games, jane.federation, jane.title, jane.sex) == (
        "Player, Jane",
        1876,
        None,
        "OH",
        "WFM",
        "F",
    )
    assert jane.expires == dt.date(2027, 3, 31)
    assert (quick.rating, quick.games) == (1480, 12)  # 1480P12
    assert regular["30000001"].rating is None  # a member with no rating: on the list, unrated


def test_the_date_must_be_given(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="does not say its date"):
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "members.json", PAGE))


def test_a_rating_supplement_history_is_not_a_list(tmp_path: Path) -> None:
    history = {
        "items": [
            {
                "ratingSupplementDate": "2026-01-01",
                "ratings": [{"source": "R", "rating": 1850, "provisionalGameCount": None}],
            }
        ],
        "offset": 0,
        "pageSize": 100,
        "hasNextPage": False,
    }
    with pytest.raises(FormatError, match=r"rating-supplement history .* is not a list"):
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "12345678.json", history), date=DAY)


def test_bad_members_and_cut_files_are_named(tmp_path: Path) -> None:
    bad = json.loads(json.dumps(PAGE))
    bad["items"][0]["ratings"][0]["rating"] = "high"
    bad["items"][1]["id"] = "abc"
    with pytest.raises(FormatError) as caught:
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "members.json", bad), date=DAY)
    assert [str(p) for p in caught.value.problems] == [
        "members.json member 1 (ID 12345678): the Regular rating 'high' is not a whole number from 0 to 4000",
        "members.json member 2: the ID 'abc' is not a US Chess ID",
    ]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(PAGE)[:300])
    with pytest.raises(FormatError, match=r"cut.json line 1: not valid JSON"):
        ListStore(tmp_path / "lists.sqlite").add(cut, date=DAY)


def dual_members() -> dict[str, object]:
    """Two established members with Regular and Quick ratings (made up, in the layout above)."""
    def member(pid: str, first: str, last: str, regular: int, quick: int) -> dict[str, object]:
        return {"id": pid, "firstName": first, "lastName": last, "stateRep": "OH", "gender": "Female",
                "ratings": [{"rating": regular, "ratingSystem": "R", "isProvisional": False},
                            {"rating": quick, "ratingSystem": "Q", "isProvisional": False}]}
    members = [member("20000001", "Ada", "Adler", 1800, 1650), member("20000002", "Bea", "Baker", 1700, 1900)]
    return {"items": members, "offset": 0, "pageSize": 100, "hasNextPage": False}


def test_a_season_from_the_list_carries_the_quick_ratings_its_dual_rated_events_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A season started from US Chess's list rates its dual-rated events from the list's Quick
    ratings, not as if every player were unrated in Quick (his Quick then worked out from his
    Regular rating); a Players sheet without them says, per player, that he is rated as unrated
    in Quick."""
    from xlrating.cli import main
    from xlrating.official.fill import fill_sheets
    from xlrating.season import rate_season_sheets
    from xlrating.workbook import load, read_grids

    db = tmp_path / "lists.sqlite"
    with ListStore(db) as store:
        store.add(write(tmp_path / "members.json", dual_members()), date=dt.date(2026, 10, 1))
    target = tmp_path / "season.xlsx"
    assert main(["template", "season", "--list", "uscf", "--ids", "20000001,20000002", "--date", "2026-10-02",
                 "--db", str(db), "-o", str(target)]) == 0
    grids = read_grids(load(target))
    assert grids["Players"] == [["ID", "Name", "Rating", "Games", "State", "Quick", "Quick games"],
                                ["20000001", "Adler, Ada", 1800, None, "OH", 1650],
                                ["20000002", "Baker, Bea", 1700, None, "OH", 1900]]
    grids["Events"][0] += ["Dual rated"]
    grids["Events"][1][2:4] = [dt.date(2026, 10, 5), dt.date(2026, 10, 5)]
    grids["Events"][1] += ["yes"]
    grids["Event 1"] += [[1, "20000001", "Adler, Ada", None, "W2"], [2, "20000002", "Baker, Bea", None, "L1"]]
    rated = rate_season_sheets(grids)
    quick = rated.events[0].outcomes[1].players
    # Worked by hand (US Chess 2020): both established (N not given: N' = N*, section 3),
    # N* = 50 / sqrt(0.662 + 0.00000739 (2569 - R0)^2): Ada (1650) 19.03, Bea (1900) 25.10;
    # m = 1, so K = 800 / (N' + 1) (4.2): 39.94 and 30.66. Step 4 (against the opponent's
    # pre-event rating): Ada We = 1 / (1 + 10^(-(1650 - 1900)/400)) = 0.1917, 1650 + 39.94 x
    # 0.8083 = 1682.28; Bea 1900 - 30.66 x 0.8083 = 1875.22. Step 5 (against the opponent's
    # step-4 rating): Ada We = 1 / (1 + 10^((1875.22 - 1650)/400)) = 0.2148, 1650 + 39.94 x
    # 0.7852 = 1681.36; Bea We = 1 / (1 + 10^(-(1900 - 1682.28)/400)) = 0.7779, 1900 - 30.66 x
    # 0.7779 = 1876.15. No bonus (m < 3).
    assert [(p.pre_rating, round(p.post_rating or 0, 2)) for p in quick] == [(1650, 1681.36), (1900, 1876.15)]
    # (The list gives neither player's games: both are read as established, as worked above, and
    # the season says so once; nor their peaks: Bea, 1900, falls below 1900 in the Regular run, and
    # below her Quick 1900 in the Quick run, which reads no peak.)
    assert rated.notes[0] == two_players_said("Event 1", "Events!E2")
    assert len(rated.notes) == 4 and rated.notes[1].startswith(
        "Players!D1: Games is blank for 2 players (rows 2, 3): read as an established player's")
    assert rated.notes[2].startswith("Players!1:1: no Peak column: for 1 player (row 3)")
    assert rated.notes[3].startswith("'Event 1'!1:1: the Quick ratings' floors read no Peak, Wins, Draws or "
                                     "Events (those are the Regular rating's): for 1 player (row 3)")

    # The Players sheet filled by ``xlrating fill``: its Quick column from the Quick list.
    header, *rows = grids["Players"]
    blank = {**grids, "Players": [header, *([*row[:5], None, None] for row in rows)]}
    with ListStore(db) as store:
        filled = fill_sheets(blank, store)
    assert sorted((b.row, b.values[0][0]) for b in filled.blocks) == [(2, 1650), (3, 1900)]

    # Without the Quick columns, every player is rated as unrated in Quick, and told so.
    bare = {**grids, "Players": [row[:5] for row in grids["Players"]]}
    notes = rate_season_sheets(bare).notes
    assert notes[0] == two_players_said("Event 1", "Events!E2")  # (as above)
    assert notes[1].startswith("Players!D1: Games is blank")
    assert notes[-1].startswith("Players!1:1: no Peak column: for 1 player (row 3)")
    notes = notes[2:-1]
    assert [note[:78] for note in notes] == [
        "'Event 1'!B2: No. 1 (Adler, Ada) rated as unrated in Quick: ID 20000001 has no",
        "'Event 1'!B3: No. 2 (Baker, Bea) rated as unrated in Quick: ID 20000002 has no"]
    assert notes[0].endswith("has no Quick rating on the list (Players!A2); if the player has a Quick "
                             "rating, type it in a Quick column (or fill it from the official list: xlrating "
                             "fill)")


def test_a_rating_of_0_is_no_rating(tmp_path: Path) -> None:
    """A member with no rating in a system may come with ``"rating": 0`` there: the shape of the
    "unrated opponent" in mikeb26/uschess-go's ``rating_estimate_test.go`` (commit
    5510b5d1c0abc8b2128d9f6c384910e5679e0867, quoted with its ID and name). US Chess's ratings
    never go below 100 (US Chess 2020, 5): 0 is stored as not rated, so a fill leaves the cell
    blank (rated as unrated) rather than writing a rating of 0 the crosstable refuses."""
    quick = {"rating": 0, "ratingSystem": "Q", "isProvisional": False, "gamesPlayed": 0, "floor": 0}
    member = {"id": "2", "firstName": "B", "lastName": "Opp", "ratings": [quick]}
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(write(tmp_path / "member.json", member), date=DAY)
        found = store.lookup("USCF", "Quick", ["2"], DAY)["2"]
    assert (found.name, found.rating, found.games) == ("Opp, B", None, None)


def test_a_rating_system_that_is_no_code_is_skipped_not_a_traceback(tmp_path: Path) -> None:
    # An entry whose ratingSystem is an object (no RatingSource code) is skipped as an unknown code
    # is; it stopped the load with a bare TypeError (unhashable type).
    odd = json.loads(json.dumps(PAGE))
    odd["items"][0]["ratings"].append({"rating": 1500, "ratingSystem": {"code": "R"}, "gamesPlayed": 3})
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(write(tmp_path / "members.json", odd), date=DAY)
        assert store.lookup("USCF", "Regular", ["12345678"], DAY)["12345678"].rating == 1876


def test_a_provisional_rating_without_its_games_is_refused(tmp_path: Path) -> None:
    # Stored with no games, it filled a rating alone, which the crosstable rates as established
    # (a provisional rating goes with the games behind it, as 1480P12 does).
    odd = json.loads(json.dumps(PAGE))
    del odd["items"][0]["ratings"][1]["gamesPlayed"]
    with pytest.raises(FormatError) as caught:
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "members.json", odd), date=DAY)
    assert [str(p) for p in caught.value.problems] == [
        "members.json member 1 (ID 12345678): the Quick rating 1480 is provisional (isProvisional), but "
        "gamesPlayed does not say the games behind it"]


def test_a_games_count_too_large_to_store_is_refused_not_a_traceback(tmp_path: Path) -> None:
    # 10**20 games stopped the load with a bare OverflowError (SQLite's integers end at 2**63).
    odd = json.loads(json.dumps(PAGE))
    odd["items"][0]["ratings"][1]["gamesPlayed"] = 10**20
    with pytest.raises(FormatError) as caught:
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "members.json", odd), date=DAY)
    assert [str(p) for p in caught.value.problems] == [
        f"members.json member 1 (ID 12345678): gamesPlayed {10**20} is not a whole number from 0 to 100000"]


def test_a_member_s_fields_of_the_wrong_json_type_are_refused_not_read_otherwise(tmp_path: Path) -> None:
    # Each was read without a word: isProvisional "false" (text, which is true) stored an established
    # rating as provisional; a second Regular rating replaced the first; a first name that is a
    # number was dropped from the name; an expiry date with a digit too many was read as its first ten.
    odd = json.loads(json.dumps(PAGE))
    jane, sam = odd["items"]
    jane["ratings"][0]["isProvisional"] = "false"
    sam["ratings"] = [{"rating": 1500, "ratingSystem": "R", "gamesPlayed": 30, "isProvisional": False},
                      {"rating": 1700, "ratingSystem": "R", "gamesPlayed": 40, "isProvisional": False}]
    sam["firstName"] = 7
    sam["expirationDate"] = "2027-03-311"
    with pytest.raises(FormatError) as caught:
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "members.json", odd), date=DAY)
    assert [str(p) for p in caught.value.problems] == [
        "members.json member 1 (ID 12345678): the Regular rating's isProvisional '\"false\"' is neither true "
        "nor false",
        "members.json member 2 (ID 30000001): firstName '7' is not text",
    ]
    sam["firstName"] = "Sam"
    with pytest.raises(FormatError) as caught:
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "members.json", odd), date=DAY)
    assert [str(p) for p in caught.value.problems] == [
        "members.json member 1 (ID 12345678): the Regular rating's isProvisional '\"false\"' is neither true "
        "nor false",
        "members.json member 2 (ID 30000001): expirationDate '2027-03-311' is not a date",
        "members.json member 2 (ID 30000001): holds two Regular ratings (ratingSystem 'R' twice): which is "
        "his?",
    ]
