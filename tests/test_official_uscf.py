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
